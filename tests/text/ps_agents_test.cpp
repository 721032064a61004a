// The LLDP agents in ps listings, in the layouts sos (process plugin) and users capture.
#include <catch2/catch.hpp>

#include "captures/text/ps_agents.hpp"

namespace roce::test {

using roce::captures::text::parse_ps_lldp_agents;

namespace {
const roce::captures::text::TextOrigin kPsOrigin{"sos", "sos_commands/process/ps_auxwww"};
}

TEST_CASE("ps auxwww: lldpad found by its program, with its pid; other processes ignored") {
  const char* text =
      "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
      "root           1  0.0  0.0 167744 11904 ?        Ss   Nov29   0:12 /sbin/init\n"
      "root           2  0.0  0.0      0     0 ?        S    Nov29   0:00 [kthreadd]\n"
      "root         812  0.0  0.0  21340  3100 ?        Ss   Nov29   0:01 /usr/sbin/lldpad -t\n"
      "root        4410  0.0  0.0   6432   720 pts/0    S+   10:02   0:00 grep --color=auto lldpad\n";
  auto r = parse_ps_lldp_agents(text, kPsOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  CHECK(r->value == std::vector<std::string>{"lldpad (pid 812)"});  // grep's argument is not a program
}

TEST_CASE("ps auxfwww (forest), ps -ef and ps -elfL: lldpd and its privilege-separated child once") {
  const char* forest =
      "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
      "_lldpd      1204  0.0  0.0  17612  2312 ?        S    Nov29   0:00 lldpd: monitor.\n"
      "_lldpd      1206  0.0  0.0  17744  3020 ?        S    Nov29   0:03  \\_ lldpd: no neighbor.\n";
  auto f = parse_ps_lldp_agents(forest, kPsOrigin);
  REQUIRE(f.ok());
  CHECK(f->value == std::vector<std::string>{"lldpd (pid 1204)"});

  const char* ef =
      "UID          PID    PPID  C STIME TTY          TIME CMD\n"
      "root         812       1  0 Nov29 ?        00:00:01 /usr/sbin/lldpad -d\n";
  auto e = parse_ps_lldp_agents(ef, kPsOrigin);
  REQUIRE(e.ok());
  CHECK(e->value == std::vector<std::string>{"lldpad (pid 812)"});

  const char* elfl =
      "F S UID          PID    PPID     LWP  C NLWP PRI  NI ADDR SZ WCHAN  STIME TTY          TIME CMD\n"
      "4 S root         812       1     812  0    2  80   0 -  5335 -      Nov29 ?        00:00:01 /usr/sbin/lldpad "
      "-d\n"
      "1 S root         812       1     813  0    2  80   0 -  5335 -      Nov29 ?        00:00:00 /usr/sbin/lldpad "
      "-d\n";
  auto l = parse_ps_lldp_agents(elfl, kPsOrigin);
  REQUIRE(l.ok());
  CHECK(l->value == std::vector<std::string>{"lldpad (pid 812)"});  // one per agent, not per thread
}

TEST_CASE("a listing without agents is an empty list; a file that is not ps output is a located error") {
  auto none = parse_ps_lldp_agents("  PID TTY          TIME CMD\n    1 ?        00:00:12 systemd\n", kPsOrigin);
  REQUIRE(none.ok());
  CHECK(none->value.empty());

  auto bad = parse_ps_lldp_agents("total 0\ndrwxr-xr-x 2 root root 40 Nov 29 lldpad\n", kPsOrigin);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find("sos_commands/process/ps_auxwww:1") != std::string::npos);

  auto short_row = parse_ps_lldp_agents("USER PID COMMAND\nroot\n", kPsOrigin);
  REQUIRE(short_row.ok());
  CHECK(short_row->warnings.size() == 1);
}

}  // namespace roce::test
