// provgraph's local Neo4j: the Community server (Bolt, and the HTTP connector that serves Neo4j Browser
// when neo4j.conf turns it on), started through Neo4j's own bootstrapper so that a neo4j.conf written by
// provgraph configures it exactly as it would a packaged server.
// Run as: java -cp "classes:lib/*" Launcher <home-dir> <neo4j.conf>
// With authentication on in neo4j.conf and PROVGRAPH_SERVER_PASSWORD in the environment (never on the
// command line), user neo4j's password is set before READY.
// Prints "READY bolt://<bolt address> <version>" once a query has run, then blocks until stopped; the
// bootstrapper's own shutdown hook runs Neo4j's clean shutdown on SIGTERM.
import java.nio.file.Path;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.kernel.internal.Version;
import org.neo4j.server.CommunityBootstrapper;

public class Launcher {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: Launcher <home-dir> <neo4j.conf>");
            System.exit(2);
        }
        Path home = Path.of(args[0]);
        Path conf = Path.of(args[1]);
        CommunityBootstrapper bootstrapper = new CommunityBootstrapper();
        int code = bootstrapper.start(home, conf, Map.of(), false, false);
        if (code != 0) {
            System.err.println("Neo4j did not start (code " + code + "); see " + home.resolve("logs").resolve("neo4j.log"));
            System.exit(code);
        }
        DatabaseManagementService service = bootstrapper.getDatabaseManagementService();
        String password = System.getenv("PROVGRAPH_SERVER_PASSWORD");
        if (password != null && !password.isEmpty()) {
            // Embedded transactions run with full rights, so the system database takes the password directly.
            service.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));
        }
        service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).executeTransactionally("RETURN 1");
        System.out.println("READY " + Version.getNeo4jVersion());
        System.out.flush();
        Thread.currentThread().join();
    }
}
