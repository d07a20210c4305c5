#!/bin/sh
# Writes the test backends.vcl into $1: one backend per "name host port" triple that follows (vtc servers,
# no probes), the director `storefront` over them in that order, and the default ACL `purgers` (loopback).
set -eu
dir=$1
shift
{
  names=""
  while [ $# -ge 3 ]; do
    printf 'backend %s { .host = "%s"; .port = "%s"; }\n' "$1" "$2" "$3"
    names="$names $1"
    shift 3
  done
  printf 'acl purgers { "localhost"; }\n'
  printf 'sub vcl_init {\n    new storefront = directors.shard();\n'
  for name in $names; do printf '    storefront.add_backend(%s);\n' "$name"; done
  printf '    storefront.reconfigure();\n}\n'
} >"$dir/backends.vcl"
