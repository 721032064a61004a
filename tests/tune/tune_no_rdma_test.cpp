// A NIC that carries no RDMA is never judged against RoCE rules, and never changed. On a bundle of a
// VM without RDMA (fixtures/bundles: a virtio_net eth0 at MTU 1400 with a parent device) check is
// "nothing judged" and tune has no RoCE port to plan for; on a real namespace with a plain veth at
// MTU 1400, `tune --apply --yes` exits 5 and the netdev keeps its MTU.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

const std::string kVmBundle = std::string(ROCE_FIXTURES_DIR) + "/bundles/vm-virtio-no-rdma.json";

// A network namespace made with ip(8) for one test case, deleted with it. (support/netns.hpp's run()
// would clash with run_binary.hpp's.)
struct ScratchNamespace {
  std::string name = "rdvm" + std::to_string(::getpid());
  bool made = std::system(("ip netns add " + name).c_str()) == 0;
  ~ScratchNamespace() { std::system(("ip netns del " + name + " 2>/dev/null").c_str()); }
  std::string prefix() const { return "ip netns exec " + name; }
};

bool mentions(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("a VM's virtio_net eth0 at MTU 1400 is neither judged nor planned: exit 5") {
  const auto check = run("check --from " + shell_word(kVmBundle));
  INFO(check.out << check.err);
  CHECK(check.exit_code == 5);
  CHECK(mentions(check.out, "ports none"));
  CHECK_FALSE(mentions(check.out, "MTU-ROCE  eth0"));
  CHECK_FALSE(mentions(check.out, "ip link set dev eth0 mtu"));

  const auto plan = run("tune --from " + shell_word(kVmBundle));
  INFO(plan.out << plan.err);
  CHECK(plan.exit_code == 5);
  CHECK(mentions(plan.out, "Nothing to tune: no RoCE port in this input"));
  CHECK_FALSE(mentions(plan.out, "mtu 4200"));

  const auto metrics = run("metrics --from " + shell_word(kVmBundle));
  INFO(metrics.out << metrics.err);
  CHECK(mentions(metrics.out, "\nroce_doctor_roce_ports 0\n"));
  CHECK_FALSE(mentions(metrics.out, "netdev=\"eth0\""));
}

TEST_CASE("tune --apply --yes on a plain veth at MTU 1400 in a namespace changes nothing: exit 5") {
  if (geteuid() != 0) {
    WARN("ROCE-TEST-SKIP: creating a network namespace needs root");
    return;
  }
  const TempDir dir("no-rdma-apply", {});
  const ScratchNamespace ns;
  REQUIRE(ns.made);
  REQUIRE(shell(ns.prefix() + " ip link add eth0 mtu 1400 type veth peer name peer0").exit_code == 0);
  REQUIRE(shell(ns.prefix() + " ip link set eth0 up").exit_code == 0);

  const auto check = run("check --interval 0.2", ns.prefix());
  INFO(check.out << check.err);
  CHECK(check.exit_code == 5);

  const auto apply =
      run("tune --apply --yes --baseline 0.2 --trial 0.2 --state-dir " + shell_word(dir.path("state")), ns.prefix());
  INFO(apply.out << apply.err);
  CHECK(apply.exit_code == 5);
  CHECK(mentions(apply.out, "Nothing to tune: no RoCE port in this input"));
  const auto link = shell(ns.prefix() + " ip -o link show dev eth0");
  REQUIRE(link.exit_code == 0);
  CHECK(mentions(link.out, " mtu 1400 "));
}

}  // namespace roce::test
