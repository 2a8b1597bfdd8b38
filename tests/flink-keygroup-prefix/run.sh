#!/usr/bin/env bash
# Prints how many bytes of key-group prefix RocksDB's keyed state backend writes in front of
# every key, per max parallelism, as Flink's own CompositeKeySerializationUtils computes it.
# Writes observed-flink-<version>.txt next to this script. Needs Java 17 and PyPI (FLINK_VENV
# keeps the virtualenv). Seconds after the download. Not part of the test command.
#   bash tests/flink-keygroup-prefix/run.sh [flink-version]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../flink-common/flink.sh
. "$here/../flink-common/flink.sh"
flink_observe "$here" KeyGroupPrefix 60 "${1:-2.3.0}" "${FLINK_VENV:-}"
