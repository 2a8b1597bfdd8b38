#!/usr/bin/env bash
# Lists the FlinkDeployment fields the planner names, as the Flink Kubernetes operator's CRD
# defines them at one release tag: every property of spec and of spec.job, with its enum values.
# Writes operator-crd-<tag>.txt next to this script. Needs git, python3 with PyYAML, and either a
# clone of apache/flink-kubernetes-operator (first argument: its git directory) or network access
# to clone it. Not part of the test command.
#   bash tests/flink-config-keys/operator-crd.sh [GIT_DIR [TAG]]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tag=${2:-release-1.15.0}
git_dir=${1:-}
if [ -z "$git_dir" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  git clone --quiet --bare https://github.com/apache/flink-kubernetes-operator "$work/op.git" \
    || { echo "$0: could not clone apache/flink-kubernetes-operator" >&2; exit 1; }
  git_dir=$work/op.git
fi
crd=helm/flink-kubernetes-operator/crds/flinkdeployments.flink.apache.org-v1.yml
commit=$(git --git-dir="$git_dir" rev-parse "$tag^{commit}") || { echo "$0: no tag $tag in $git_dir" >&2; exit 1; }
git --git-dir="$git_dir" show "$commit:$crd" | python3 -c '
import sys, yaml
doc = yaml.safe_load(sys.stdin)
spec = doc["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
print("# flink-kubernetes-operator " + sys.argv[1] + " (commit " + sys.argv[2] + "), " + sys.argv[3])
def walk(prefix, node, depth):
    for name in sorted(node.get("properties", {})):
        child = node["properties"][name]
        enum = child.get("enum")
        print("field " + prefix + name + (" enum " + ",".join(str(e) for e in enum) if enum else ""))
        if depth > 0 and name == "job":
            walk(prefix + name + ".", child, depth - 1)
walk("spec.", spec, 1)
' "$tag" "$commit" "$crd" >"$here/operator-crd-$tag.txt"
echo "wrote $here/operator-crd-$tag.txt"
