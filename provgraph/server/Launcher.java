// provgraph's local Neo4j: embedded Community edition with its Bolt connector on.
// Run as: java -cp "lib/*" Launcher.java <data-dir> <port> <pagecache> <tx-memory> [auth]
// With "auth", authentication is on and user neo4j's password is set (before READY) from the
// environment variable PROVGRAPH_SERVER_PASSWORD, never from the command line.
// Prints "READY bolt://127.0.0.1:<port> <version>" once a query has run, then blocks until stopped.
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.io.ByteUnit;
import org.neo4j.kernel.internal.Version;

public class Launcher {
    public static void main(String[] args) throws Exception {
        boolean auth = args.length == 5 && args[4].equals("auth");
        if (args.length != 4 && !auth) {
            System.err.println("usage: Launcher <data-dir> <port> <pagecache-bytes> <tx-memory-bytes> [auth]");
            System.exit(2);
        }
        String password = auth ? System.getenv("PROVGRAPH_SERVER_PASSWORD") : null;
        if (auth && (password == null || password.isEmpty())) {
            System.err.println("auth needs the password in the environment variable PROVGRAPH_SERVER_PASSWORD");
            System.exit(2);
        }
        Path home = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        long pagecache = Long.parseLong(args[2]);
        long txMemory = Long.parseLong(args[3]);

        DatabaseManagementService service = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, pagecache)
                .setConfig(GraphDatabaseSettings.memory_transaction_global_max_size, txMemory)
                .setConfig(GraphDatabaseSettings.shutdown_transaction_end_timeout, Duration.ofSeconds(10))
                .setConfig(GraphDatabaseSettings.auth_enabled, auth)
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(service::shutdown, "provgraph-shutdown"));

        if (auth) {
            // Embedded transactions run with full rights, so the system database takes the password directly.
            service.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME).executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));
        }
        GraphDatabaseService db = service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        db.executeTransactionally("RETURN 1");
        System.out.println("READY bolt://127.0.0.1:" + port + " " + Version.getNeo4jVersion());
        System.out.flush();
        Thread.currentThread().join();
    }
}
