#!/usr/bin/env bash
# Renders the demo residence's apartment pictures with Blender (scene.py) and writes each in two
# widths as WebP and AVIF to web-public/public/images/apartments/. Not run by make or CI; see README.md.
#   tools/pictures/render.sh [samples]        (needs blender, cwebp, dwebp and avifenc)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../../web-public/public/images/apartments
samples=${1:-16}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
for layout in compact standard large; do
  for room in room kitchen bath; do
    name=$layout-$room
    echo "rendering $name" >&2
    blender -b -noaudio --factory-startup -P "$here/scene.py" -- "$layout" "$room" "$work/$name.png" 960 640 "$samples" \
      >"$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; exit 1; }
    for width in 480 960; do
      height=$((width * 2 / 3))
      cwebp -quiet -q 75 -m 6 -resize "$width" "$height" "$work/$name.png" -o "$out/$name-$width.webp"
      cwebp -quiet -lossless -resize "$width" "$height" "$work/$name.png" -o "$work/$name-$width.webp"
      dwebp -quiet "$work/$name-$width.webp" -o "$work/$name-$width.png"
      avifenc --speed 4 --min 24 --max 36 -y 420 "$work/$name-$width.png" "$out/$name-$width.avif" >/dev/null
    done
  done
done
