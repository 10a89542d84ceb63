#!/bin/bash
# Counter POS: what a lane needs besides the app. scripts/deb-scripts.mjs appends this to
# electron-builder's own after-install steps (the /usr/bin link, chrome-sandbox, desktop and MIME
# databases, AppArmor), so both run. It is a template too: no dollar-brace with a bare name here.

lane_group=counter-pos
data_dir=/var/lib/counter-pos

# The lane's users are the members of this group (sudo usermod -aG counter-pos ACCOUNT).
if ! getent group "$lane_group" >/dev/null; then
  groupadd --system "$lane_group"
fi

# The machine-wide data directory, 2770 root:counter-pos: the group reads and writes, the
# set-group-ID bit keeps everything inside in the group, others get nothing. The app writes its
# files there 0660 and the key file 0640 (main/platform/file-modes.ts); it never creates this folder.
if [ -d "$data_dir" ]; then
  chown root:"$lane_group" "$data_dir"
  chmod 2770 "$data_dir"
else
  install -d -m 2770 -o root -g "$lane_group" "$data_dir"
fi

# The machine key folder, 0750 root:counter-pos: a machine-wide lane's terminal key is kept here,
# outside its data folder, in a file 0640 root:counter-pos (main/platform/machine-key-linux.ts): the
# lane's accounts read it, only root writes it, and a copy or backup of the data folder unseals nothing.
key_dir=/etc/counter-pos
if [ -d "$key_dir" ]; then
  chown root:"$lane_group" "$key_dir"
  chmod 0750 "$key_dir"
else
  install -d -m 0750 -o root -g "$lane_group" "$key_dir"
fi

# The installed app, as root, makes the lane's key there, or moves there a key that an earlier
# version left in the data folder. It never stops the installation: the lane then keeps its key in
# the data folder, its status warns, and IT runs the command printed here.
app="/opt/Counter POS/counter-pos"
if [ -x "$app" ]; then
  if ! timeout 120 "$app" --no-sandbox --ozone-platform=headless --posctl keys protect; then
    echo "Counter POS: the lane's terminal key could not be put in $key_dir (see above); run: sudo \"$app\" --no-sandbox --posctl keys protect" >&2
  fi
fi

# The package installs the payment devices' rules as /usr/lib/udev/rules.d/99-counter-pos.rules:
# load them now, so readers plugged in already need no reboot.
if command -v udevadm >/dev/null 2>&1; then
  udevadm control --reload-rules || true
  udevadm trigger --subsystem-match=hidraw --subsystem-match=tty || true
fi
