# backends.vcl for docker-compose.yml: the one `app` service behind Varnish. Purges come from the app and the
# worker (a refresh purges too); their addresses are looked up when the VCL loads, and a name that does not
# resolve yet (in parentheses) is skipped rather than failing the load.

backend app {
    .host = "app";
    .port = "3000";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

acl purgers {
    "localhost";
    ("app");
    ("worker");
}

sub vcl_init {
    new storefront = directors.shard();
    storefront.add_backend(app);
    storefront.reconfigure();
}
