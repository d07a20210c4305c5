# The operator's half of the shop's VCL (storefront.vcl includes it as "backends.vcl"): the app hosts, the
# director `storefront` over them, and who may PURGE (the app hosts, which purge after each write).

backend app1 {
    .host = "10.0.0.11";
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

backend app2 {
    .host = "10.0.0.12";
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
    "10.0.0.11";
    "10.0.0.12";
}

sub vcl_init {
    new storefront = directors.shard();
    storefront.add_backend(app1);
    storefront.add_backend(app2);
    storefront.reconfigure();
}
