// name: server_info
// description: The server's product name, version and edition (one row per DBMS component).
CALL dbms.components() YIELD name, versions, edition
RETURN name, versions[0] AS version, edition
;
