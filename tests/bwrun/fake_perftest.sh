#!/bin/sh
# A stand-in for perftest's ib_*_bw in tests, put first on PATH under that name: it appends its
# name and argv to $ROCE_FAKE_PERFTEST_LOG and prints lines copied from real runs (the header of
# linux-rdma/perftest issue #234, the Gb/sec result block of openucx/ucx issue #9430, the connect
# errors of linux-rdma/perftest PR #228). $ROCE_FAKE_PERFTEST_MODE picks what the client does:
#   json (default)  prints its result and copies $ROCE_FAKE_PERFTEST_JSON to --out_json_file
#   text            prints its result, writes no JSON file
#   fail            cannot connect: perftest's error lines on stderr, exit 1
#   partial         prints the header and the column header, then ends without a result row
#   hang            prints the header, then waits (in a child process) until it is killed
# $ROCE_FAKE_PERFTEST_SERVER=fail makes the server fail at once.
log="${ROCE_FAKE_PERFTEST_LOG:-/dev/null}"
echo "$(basename "$0") $*" >>"$log"

json=""
prev=""
last=""
for a in "$@"; do
  case "$a" in --out_json_file=*) json="${a#--out_json_file=}" ;; esac
  prev="$last"
  last="$a"
done
side=client
case "$prev" in -d | -i | -x | -s | -D | -q | -p) side=server ;; esac
case "$last" in -*) side=server ;; esac

header() {
  echo '---------------------------------------------------------------------------------------'
  echo '                    RDMA_Write BW Test'
  printf ' Dual-port       : OFF\t\tDevice         : mlx5_0\n'
  printf ' Number of qps   : 1\t\tTransport type : IB\n'
  printf ' Connection type : RC\t\tUsing SRQ      : OFF\n'
  echo ' PCIe relax order: ON'
  echo ' ibv_wr* API     : ON'
  echo ' CQ Moderation   : 1'
  echo ' Mtu             : 4096[B]'
  echo ' Link type       : Ethernet'
  echo ' GID index       : 3'
  echo ' Max inline data : 0[B]'
  printf ' rdma_cm QPs\t : OFF\n'
  echo ' Data ex. method : Ethernet'
  echo '---------------------------------------------------------------------------------------'
}

if [ "$side" = server ]; then
  if [ "${ROCE_FAKE_PERFTEST_SERVER:-}" = fail ]; then
    echo 'Unable to open file descriptor for socket connection Unable to init the socket connection' >&2
    exit 1
  fi
  echo '************************************'
  echo '* Waiting for client to connect... *'
  echo '************************************'
  header
  exit 0
fi

case "${ROCE_FAKE_PERFTEST_MODE:-json}" in
  fail)
    echo "Couldn't connect to $last:18515" >&2
    echo 'Unable to open file descriptor for socket connection Unable to init the socket connection' >&2
    exit 1
    ;;
  hang)
    header
    sleep 30
    exit 0
    ;;
esac
header
echo ' local address: LID 0000 QPN 0x0108 PSN 0x63ad7d RKey 0x17eedf VAddr 0x007f760c947000'
echo ' GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:255:255:05'
echo ' remote address: LID 0000 QPN 0x0076 PSN 0xf3810c RKey 0x201600 VAddr 0x007fbb4c981000'
echo ' GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:255:255:04'
echo '---------------------------------------------------------------------------------------'
echo ' #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]'
[ "${ROCE_FAKE_PERFTEST_MODE:-json}" = partial ] && exit 0
printf ' 65536      1000             36.43              36.07  \t\t   0.068798\n'
echo '---------------------------------------------------------------------------------------'
if [ "${ROCE_FAKE_PERFTEST_MODE:-json}" = json ] && [ -n "$json" ]; then
  cp "$ROCE_FAKE_PERFTEST_JSON" "$json"
fi
exit 0
