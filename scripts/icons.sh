#!/usr/bin/env bash
# Regenerates the app icons' PNGs from assets/icons/icon.svg (the PNGs are
# committed; run this after changing the SVG). Needs rsvg-convert (Debian:
# apt-get install librsvg2-bin). The icon keeps its drawing inside the
# central 80 %, so the same image serves as a maskable icon.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../assets/icons"
for size in 192 512; do
    rsvg-convert -w "$size" -h "$size" icon.svg -o "icon-$size.png"
done
echo "icons: icon-192.png icon-512.png"
