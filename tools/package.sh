#!/usr/bin/env bash
# Packs the built site (dist/, from tools/build.sh, which calls this) as LMS packages of the
# guided path, under dist/packages/:
#   rescale-lab-scorm12.zip    SCORM 1.2 (imsmanifest.xml; launch index.html?lms=scorm12)
#   rescale-lab-scorm2004.zip  SCORM 2004 4th edition (imsmanifest.xml; item parameters ?lms=scorm2004)
#   rescale-lab-cmi5.zip       cmi5 (cmi5.xml, one assignable unit; launch index.html?lms=cmi5)
# Each zip holds the whole offline lab with the manifest at its root. The pass mark (80 %) is
# in the manifest, where the LMS reads it and hands it to the lab at run time. The cmi5
# package's page connects to the LRS its LMS names: the page's Content-Security-Policy (from
# index.html, as everywhere) allows connections to any https origin and to http on loopback
# (127.0.0.1, localhost, for an LRS on the trainer's own machine); scripts stay 'self' only. A trainer with an
# exercise set of their own replaces static/exercises.json in the zip (see the README).
#   bash tools/package.sh [dist-dir]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIST=${1:-$ROOT/dist}
PASS_PERCENT=80
TITLE="Rescale Lab: guided path"
[ -f "$DIST/index.html" ] || { echo "package: no built site at $DIST (run tools/build.sh)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "package: python3 is needed to write the zip files" >&2; exit 1; }

# The files of the lab, relative to the package root, one <file> element each.
file_list() {
  (cd "$1" && find . -type f ! -name imsmanifest.xml | sed 's|^\./||' | LC_ALL=C sort) |
    sed 's|.*|      <file href="&"/>|'
}

# An IMS content package's manifest, the frame SCORM 1.2 and 2004 share: $1 the site, $2 the
# manifest's version, $3 its namespace and schema attributes, $4 the metadata's schema version,
# $5 the guided path's item, $6 the lab resource's SCORM type and launch attributes.
ims_manifest() {
  cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="rescale-lab-guided-path" version="$2"
$3>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>$4</schemaversion>
  </metadata>
  <organizations default="rescale-lab">
    <organization identifier="rescale-lab">
      <title>$TITLE</title>
$5
    </organization>
  </organizations>
  <resources>
    <resource identifier="lab" type="webcontent" $6>
$(file_list "$1")
    </resource>
  </resources>
</manifest>
EOF
}

scorm12_manifest() {
  ims_manifest "$1" "1.0" '  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"' \
    "1.2" "      <item identifier=\"guided-path\" identifierref=\"lab\" isvisible=\"true\">
        <title>Guided path</title>
        <adlcp:masteryscore>$PASS_PERCENT</adlcp:masteryscore>
      </item>" \
    'adlcp:scormtype="sco" href="index.html?lms=scorm12"'
}

scorm2004_manifest() {
  ims_manifest "$1" "1" '  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd"' \
    "2004 4th Edition" "      <item identifier=\"guided-path\" identifierref=\"lab\" parameters=\"?lms=scorm2004\">
        <title>Guided path</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID=\"guided-path\" satisfiedByMeasure=\"true\">
              <imsss:minNormalizedMeasure>0.$PASS_PERCENT</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>" \
    'adlcp:scormType="sco" href="index.html"'
}

cmi5_manifest() {
  cat <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://rescale-lab.example/guided-path">
    <title><langstring lang="en-US">$TITLE</langstring></title>
    <description><langstring lang="en-US">Short steps through the labs of Rescale Lab, each ending in a prediction the lab grades.</langstring></description>
  </course>
  <au id="https://rescale-lab.example/guided-path/au" moveOn="CompletedAndPassed" masteryScore="0.$PASS_PERCENT" launchMethod="AnyWindow">
    <title><langstring lang="en-US">Guided path</langstring></title>
    <description><langstring lang="en-US">Predict, check, then open the lab to see why.</langstring></description>
    <url>index.html?lms=cmi5</url>
  </au>
</courseStructure>
EOF
}

stage=$ROOT/target/packages
rm -rf "$stage" "$DIST/packages"
mkdir -p "$stage" "$DIST/packages"
for kind in scorm12 scorm2004 cmi5; do
  dir=$stage/$kind
  mkdir -p "$dir"
  # The site as it is served, without the packages themselves and the tests' build list.
  (cd "$DIST" && find . -mindepth 1 -maxdepth 1 ! -name packages ! -name build.json -exec cp -r {} "$dir/" \;)
  if [ "$kind" = cmi5 ]; then
    cmi5_manifest >"$dir/cmi5.xml"
    policy="connect-src 'self' https: http://127.0.0.1:* http://localhost:*;"
    grep -qF "$policy" "$dir/index.html" || { echo "package: the page's connect-src does not reach an LRS ($policy)" >&2; exit 1; }
  else
    "${kind}_manifest" "$dir" >"$dir/imsmanifest.xml"
  fi
  zip=$DIST/packages/rescale-lab-$kind.zip
  (cd "$dir" && python3 -m zipfile -c "$zip" ./*)
  printf '%-40s %8d bytes\n' "packages/$(basename "$zip")" "$(wc -c <"$zip")"
done
