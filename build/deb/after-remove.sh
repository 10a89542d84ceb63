#!/bin/bash
# Counter POS: appended to electron-builder's own after-remove steps by scripts/deb-scripts.mjs.
# The udev rules left with the package: unload them. The lane's data (/var/lib/counter-pos: its
# journals, keys and settings) and the counter-pos group stay, even on purge: a journal may hold
# payments that only this lane can still forward (docs/deploying.md, "Deploying lanes").

if command -v udevadm >/dev/null 2>&1; then
  udevadm control --reload-rules || true
fi

if [ "$1" = purge ] && [ -d /var/lib/counter-pos ]; then
  echo "Counter POS: the lane's data stays in /var/lib/counter-pos (payments journal, keys, settings); remove it by hand once it is no longer needed." >&2
fi
