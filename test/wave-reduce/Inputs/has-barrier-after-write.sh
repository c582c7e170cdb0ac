#!/bin/sh
# Interesting (exit 1) while the file still parses, verifies and holds a
# wave.barrier after a wave.write.
wave-opt "$1" -o /dev/null 2>/dev/null || exit 0
awk '/wave.write/ { w = 1 } /wave.barrier/ && w { found = 1 } END { exit found ? 1 : 0 }' "$1"
