# Shared by .ci/postgres/start, stop and resume (sourced): finds the PostgreSQL binaries into $bin and, as root,
# the command prefix that runs a program as the cluster's owner into as_owner.

# The folder holding initdb and pg_ctl: $PG_BIN, else pg_config's, else the newest /usr/lib/postgresql/*/bin, else
# PATH's. Exits 1 naming what to install when there is none.
find_postgres_binaries() {
    bin="${PG_BIN:-}"
    if [ -z "$bin" ] && command -v pg_config >/dev/null 2>&1; then bin="$(pg_config --bindir)"; fi
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    fi
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        bin="$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"
    fi
    if [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
        echo "postgres: no initdb/pg_ctl found (apt-get install postgresql, or set PG_BIN to the folder that holds them)" >&2
        exit 1
    fi
}

# as_owner: empty when we are not root, else runuser (or su) to `$1`.
run_as() {
    as_owner=()
    if [ "$(id -u)" = 0 ]; then
        if command -v runuser >/dev/null 2>&1; then
            as_owner=(runuser -u "$1" --)
        else
            as_owner=(su -s /bin/sh "$1" -c '"$0" "$@"')
        fi
    fi
}

# Starts the cluster in $folder/data on 127.0.0.1:$1 and on a socket in $folder; returns pg_ctl's status. The
# server gets no descriptor of ours but /dev/null: a caller that watches a descriptor it handed us for its closing
# (Foundation's Process does, to learn that we exited) would otherwise wait for the server to stop.
start_server() {
    local fd
    for fd in $(ls /proc/$$/fd 2>/dev/null); do
        if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    "${as_owner[@]}" "$bin/pg_ctl" --pgdata="$folder/data" --log="$folder/server.log" --wait --timeout=60 \
        -o "-c listen_addresses=127.0.0.1 -p $1 -c unix_socket_directories='$folder' -c max_connections=1000 \
            -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null 2>&1
}
