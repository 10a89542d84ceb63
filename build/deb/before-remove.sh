#!/bin/bash
# Counter POS: dpkg runs this before removing the package and, on an upgrade, the installed
# version's copy before the new one is unpacked (again with failed-upgrade should that copy fail).
# It refuses while the live journal holds payments waiting to be forwarded, unless
# COUNTER_POS_FORCE=1 is set (sudo COUNTER_POS_FORCE=1 apt-get remove counter-pos).
#
# The installed app answers for itself through its posctl mode: `queue pending` exits 0 when
# nothing waits, 1 when payments wait (its words on standard output), anything else when it cannot
# tell. It runs as root here, so Chromium's sandbox is off (it opens no window) and it needs no
# display. COUNTER_POS_GUARD_APP names another program to ask (the tests use a stand-in).

app=${COUNTER_POS_GUARD_APP:-"/opt/Counter POS/counter-pos"}

case "$1" in
  remove | upgrade | failed-upgrade) ;;
  *) exit 0 ;;
esac

if [ "${COUNTER_POS_FORCE:-}" = 1 ]; then
  echo "Counter POS: COUNTER_POS_FORCE=1: not checking for payments waiting to be forwarded." >&2
  exit 0
fi

if [ ! -x "$app" ]; then
  # Nothing installed that could answer (or forward): the data directory stays as it is.
  exit 0
fi

errors=$(mktemp)
status=0
answer=$(timeout 120 "$app" --no-sandbox --ozone-platform=headless --posctl queue pending 2>"$errors") || status=$?
reason=$(grep '^posctl:' "$errors" | head -n 3)
rm -f "$errors"

if [ "$status" -eq 0 ]; then
  exit 0
fi

{
  if [ "$status" -eq 1 ]; then
    echo "$answer"
  else
    echo "Counter POS could not tell whether payments are waiting to be forwarded (exit $status). $reason"
  fi
  echo
  echo "Nothing was changed. To go ahead anyway, run the same command with COUNTER_POS_FORCE=1"
  echo "(sudo COUNTER_POS_FORCE=1 apt-get ...): the payments stay in /var/lib/counter-pos and are"
  echo "sent once Counter POS runs on it again."
} >&2
exit 1
