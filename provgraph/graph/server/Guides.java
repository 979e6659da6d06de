// Neo4j Browser guides for provgraph, served by the local server's HTTP connector as an unmanaged
// extension (neo4j.conf: server.unmanaged_extension_classes=provgraph.browser=/provgraph).
// `provgraph` writes the guide pages into the folder named by the system property provgraph.guides;
// GET /provgraph/guides/<name>.html returns one, <name>.grass a graph style. Only plain names: nothing outside
// that folder is read.
package provgraph.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.ws.rs.GET;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Response;

@javax.ws.rs.Path("/guides")
public class Guides {
    @GET
    @javax.ws.rs.Path("/{name: [a-z0-9][a-z0-9_-]{0,63}\\.html}")
    @Produces("text/html; charset=utf-8")
    public Response guide(@PathParam("name") String name) {
        return serve(name);
    }

    @GET
    @javax.ws.rs.Path("/{name: [a-z0-9][a-z0-9_-]{0,63}\\.grass}")
    @Produces("text/plain; charset=utf-8")
    public Response style(@PathParam("name") String name) {
        return serve(name);
    }

    private Response serve(String name) {
        String folder = System.getProperty("provgraph.guides");
        if (folder == null) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
        try {
            byte[] page = Files.readAllBytes(Path.of(folder).resolve(name));
            // The Browser fetches a guide with XHR; its page may be on localhost or 127.0.0.1.
            return Response.ok(page).header("Access-Control-Allow-Origin", "*").build();
        } catch (IOException missing) {
            return Response.status(Response.Status.NOT_FOUND).build();
        }
    }
}
