vcl 4.1;

# The shop's shared page cache (docs/decisions/054): everything but the hosts. backends.vcl, the operator's
# file (found on varnishd's vcl_path), declares the app hosts, the shard director `storefront` and the ACL
# `purgers`; backends.example.vcl shows two hosts.

import directors;
import std;
import xkey;

include "backends.vcl";

sub vcl_recv {
    # What reaches the app is this hop's view of the client (the PROXY protocol's, when the listener speaks
    # it), never a header the client wrote: the app trusts one hop (TRUST_PROXY=1).
    set req.http.X-Forwarded-For = client.ip;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "PURGE needs an xkey-purge header"));
        }
        # Hard: a purged page is gone, never served stale while it refetches.
        set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.X-Purged));
    }

    # Tags and surrogate controls are what the app tells the cache, never what a client asks for.
    unset req.http.xkey;
    unset req.http.xkey-purge;
    unset req.http.Surrogate-Capability;
    unset req.http.Surrogate-Control;
    unset req.http.Surrogate-Key;
    unset req.http.X-Fresh-Until;

    if (req.method != "GET" && req.method != "HEAD") {
        if (req.method ~ "^(POST|PUT|PATCH|DELETE|OPTIONS)$") {
            return (pass);
        }
        return (synth(405, "Method Not Allowed"));
    }

    # The panel, signed-in visitors and a message waiting for one (the app's PERSONAL_COOKIE, app/utils/cache.ts)
    # are theirs alone. Other cookies (the footer's store choice) are read only by private routes (/store, /go),
    # which say so; they go to the app on a miss but do not split or skip the cache.
    if (req.url ~ "(?i)^/admin" ||
        req.http.Authorization ||
        req.http.Cookie ~ "(^|;)\s*(__Host-)?cv_(session|reviewer|toast)=") {
        return (pass);
    }

    # A search is recorded for the owner when the app answers it (its page cache keeps it, and counts its hits:
    # docs/decisions/085), so searches all reach the app.
    if (req.url ~ "(?i)^/search(\.data)?/*\?([^#]*&)?q=") {
        return (pass);
    }

    # One entry per page the app tells apart: campaign parameters (which no page reads) are dropped, and the
    # rest sorted. querysort orders the parameters as written, by name and value, and never decodes them, so
    # `q%5B%5D` stays a name of its own (the app reads it so too); the app is asked for the address as sorted,
    # so what is kept is always the page of the address it is kept under.
    set req.url = regsuball(req.url, "(?i)([?&])(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|mc_cid|mc_eid)=[^&]*", "\1");
    set req.url = std.querysort(req.url);
    return (hash);
}

sub vcl_backend_fetch {
    # The shard director picks a healthy host by the page's hash; a retry takes the next host on its ring
    # (`alt`), never the one that just failed, which the probes may not have marked sick yet.
    set bereq.backend = storefront.backend(alt = bereq.retries);
}

sub vcl_backend_error {
    # A host that is down, restarting or cut off: another one serves the GET.
    if (bereq.method == "GET" && bereq.retries < 1) {
        return (retry);
    }
}

# Not stored: the next request for it fetches again (hit-for-miss, so it is kept once it may be), briefly.
sub storefront_not_kept {
    set beresp.uncacheable = true;
    set beresp.ttl = 5s;
    set beresp.grace = 0s;
    set beresp.keep = 0s;
    unset beresp.http.xkey;
    return (deliver);
}

sub vcl_backend_response {
    if (bereq.uncacheable) {
        return (deliver);
    }
    # Only what the app marks public, for everyone (no cookie set), and whole.
    if (beresp.status != 200 ||
        beresp.http.Cache-Control !~ "(?i)(^|[ ,])public($|[ ,])" ||
        beresp.http.Cache-Control ~ "(?i)private|no-store|no-cache" ||
        beresp.http.Set-Cookie ||
        beresp.http.Vary == "*") {
        call storefront_not_kept;
    }

    # Never past the page's freshness deadline (a price turning 24 hours old): the lifetime Varnish took from
    # s-maxage, then the grace stale-while-revalidate allows, both cut to what is left before X-Fresh-Until.
    # An X-Fresh-Until that does not parse reads as "now": the page is not kept.
    set beresp.grace = std.duration(
        regsub(beresp.http.Cache-Control, "^(?:.*[ ,])?stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
    set beresp.keep = 0s;
    if (beresp.http.X-Fresh-Until) {
        if (beresp.ttl > std.time(beresp.http.X-Fresh-Until, now) - now) {
            set beresp.ttl = std.time(beresp.http.X-Fresh-Until, now) - now;
        }
        if (beresp.ttl + beresp.grace > std.time(beresp.http.X-Fresh-Until, now) - now) {
            set beresp.grace = std.time(beresp.http.X-Fresh-Until, now) - now - beresp.ttl;
        }
    }
    if (beresp.ttl <= 0s) {
        call storefront_not_kept;
    }
    if (beresp.grace < 0s) {
        set beresp.grace = 0s;
    }
    # What the page says downstream (browsers, a CDN in front) is what is left of it here, counted with Age
    # from now, so nothing below keeps it longer than this tier may.
    set beresp.http.Cache-Control = "public, max-age=0, s-maxage=" + std.integer(duration=beresp.ttl, fallback=0) +
        ", stale-while-revalidate=" + std.integer(duration=beresp.grace, fallback=0);
    return (deliver);
}

sub vcl_deliver {
    # The app's notes to this cache stay here.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    unset resp.http.X-Fresh-Until;
    unset resp.http.X-Page-Cache;
}
