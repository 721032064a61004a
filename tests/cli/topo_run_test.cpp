// `roce-doctor topo` end to end: the live reader through --sysfs-root, files by themselves, errors,
// and a capture whose nvidia-smi topo -m output `check --from` judges with everything else.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace {

const std::string kTopo = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/topology/";

bool shows(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("topo on a sysfs tree prints the matrix and the TOPO findings, exit 1") {
  const auto r = run("--sysfs-root '" + kTopo + "hgx-degraded' topo");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(shows(r.out, "        mlx5_0  mlx5_1  NUMA\nGPU0    PIX     NODE    0\n"));
  CHECK(shows(r.out, "GPU2    SYS     SYS     1\n"));
  CHECK(shows(r.out, "WARNING  TOPO-PCIE-DEGRADED  PCIe link 0000:37:00.0 -> 0000:38:00.0 runs x8"));
  CHECK(shows(r.out, "WARNING  TOPO-BALANCE        NUMA node 1 has 2 GPUs"));
  const auto healthy = run("--sysfs-root '" + kTopo + "hgx' topo");
  CHECK(healthy.exit_code == 0);
  CHECK(shows(healthy.out, "GPU3    SYS     SYS     NODE    PXB     1\n"));
}

TEST_CASE("topo --from a topo -m file --json gives pairs with gpu, nic and distance") {
  const auto r = run("topo --json --from '" + kTopo + "nvidia_smi_topo_nccl933.txt'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["source"]["kind"] == "nvidia-smi topo -m");
  REQUIRE(j["pairs"].size() == 63);
  CHECK(j["pairs"][2] == nlohmann::json({{"gpu", "GPU0"}, {"nic", "NIC2"}, {"distance", "PIX"}}));
  CHECK(j["exit_code"] == 0);
  const auto xml = run("topo --json --from '" + kTopo + "nccl_topo_dump.xml'");
  CHECK(xml.exit_code == 0);
  CHECK(nlohmann::json::parse(xml.out)["nics"][1]["name"] == "mlx5_4");
}

TEST_CASE("topo --from a file that is no topology: a located error, exit 3, JSON with --json") {
  const std::string path = temp_path("not-topo.txt");
  write_file(path, "hello\n");
  const auto r = run("topo --from '" + path + "'");
  CHECK(r.exit_code == 3);
  CHECK(shows(r.err, path + ": no `nvidia-smi topo -m` matrix"));
  const auto j = run("topo --json --from '" + path + "'");
  CHECK(j.exit_code == 3);
  CHECK(nlohmann::json::parse(j.out)["error"]["exit_code"] == 3);
  std::remove(path.c_str());
}

TEST_CASE("check --from an sos report with nvidia-smi topo -m judges the topology with the host") {
  const std::string dir = temp_path("sos-topo");
  const std::string sos =
      std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/sosreport-gpu-node-07-2026-11-29-abcdef";
  REQUIRE(std::system(("rm -rf '" + dir + "' && cp -r '" + sos + "' '" + dir + "' && mkdir -p '" + dir +
                       "/sos_commands/nvidia'")
                          .c_str()) == 0);
  write_file(dir + "/sos_commands/nvidia/nvidia-smi_topo_-m",
             "\tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
             "GPU0\t X \tNV18\tPIX\t0-55\t0\t\tN/A\n"
             "GPU1\tNV18\t X \tSYS\t56-111\t1\t\tN/A\n"
             "NIC0\tPIX\tSYS\t X \n\nLegend:\n\n  X    = Self\n\nNIC Legend:\n\n  NIC0: mlx5_0\n");
  const auto r = run("check --json --only TOPO-GDR-DISTANCE --from '" + dir + "'");
  INFO(r.out << r.err);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(r.exit_code == 1);
  CHECK(j["verdict"]["exit_code"] == 1);
  CHECK(shows(r.out, "GPU1: nearest RDMA NIC mlx5_0 is SYS"));
  const auto t = run("topo --from '" + dir + "'");
  CHECK(t.exit_code == 1);
  CHECK(shows(t.out, "from nvidia-smi topo -m (sos_commands/nvidia/nvidia-smi_topo_-m)"));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("topo --from hwloc's lstopo XML: the matrix, NUMA nodes, and --profile's TOPO-BALANCE threshold") {
  const auto r = run("topo --from '" + kTopo + "hwloc_24em64t-2n6c2t-pci_v2.xml'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(shows(r.out, "GPU-NIC topology from hwloc XML ("));
  CHECK(shows(r.out, "        mlx4_0  NUMA\nGPU0    PHB     0\nGPU1    SYS     1\nGPU2    SYS     1\n"));
  CHECK(shows(
      r.out,
      "WARNING  TOPO-BALANCE        mlx4_0 is the nearest RDMA NIC of 3 GPUs (GPU0, GPU1 and GPU2), more than 2"));
  CHECK(shows(r.out, "skipped  TOPO-PCIE-DEGRADED  topology: the hwloc XML topology shows no PCIe link states"));

  const std::string profile = temp_path("topo-profile.toml");
  write_file(profile, "[thresholds.TOPO-BALANCE]\nmax_gpus_per_nic = 4\n");
  const auto p = run("topo --json --profile '" + profile + "' --from '" + kTopo + "hwloc_24em64t-2n6c2t-pci_v3.xml'");
  INFO(p.out << p.err);
  const auto j = nlohmann::json::parse(p.out);
  CHECK(j["source"]["kind"] == "hwloc XML");
  bool shared = false;
  for (const auto& f : j["findings"])
    shared |= shows(f["title"].get<std::string>(), "is the nearest RDMA NIC of 3 GPUs");
  CHECK_FALSE(shared);
  CHECK(
      run("topo --profile '" + profile + ".absent' --from '" + kTopo + "hwloc_24em64t-2n6c2t-pci_v3.xml'").exit_code ==
      3);
  std::remove(profile.c_str());
}

TEST_CASE("a capture folder with a copied sysfs tree or an lstopo XML gives the topology to topo and check") {
  const std::string dir = temp_path("capture-sysfs-topo");
  const std::string folder = std::string(ROCE_SOURCE_DIR) + "/tests/fixtures/import/folder";
  const std::string hgx = kTopo + "hgx-degraded";
  // The folder's own sys/ holds its host's class/net and class/infiniband/mlx5_1: the tree joins it.
  REQUIRE(std::system(("rm -rf '" + dir + "' && cp -r '" + folder + "' '" + dir + "' && cp -r '" + hgx + "/bus' '" +
                       hgx + "/devices' '" + dir + "/sys/' && cp -P '" + hgx + "/class/infiniband/mlx5_0' '" + dir +
                       "/sys/class/infiniband/'")
                          .c_str()) == 0);
  const auto t = run("topo --from '" + dir + "'");
  INFO(t.out << t.err);
  CHECK(t.exit_code == 1);
  CHECK(shows(t.out, "GPU-NIC topology from sysfs (sys)"));
  CHECK(shows(t.out, "WARNING  TOPO-PCIE-DEGRADED  PCIe link 0000:37:00.0 -> 0000:38:00.0 runs x8"));
  const auto c = run("check --json --only TOPO-PCIE-DEGRADED --from '" + dir + "'");
  INFO(c.out << c.err);
  CHECK(c.exit_code == 1);
  CHECK(shows(c.out, "PCIe link 0000:37:00.0 -> 0000:38:00.0 runs x8"));

  REQUIRE(std::system(("rm -rf '" + dir + "' && cp -r '" + folder + "' '" + dir + "' && cp '" + kTopo +
                       "hwloc_24em64t-2n6c2t-pci_v2.xml' '" + dir + "/lstopo.xml'")
                          .c_str()) == 0);
  const auto x = run("check --json --only TOPO-GDR-DISTANCE --from '" + dir + "'");
  INFO(x.out << x.err);
  CHECK(x.exit_code == 1);
  CHECK(shows(x.out, "GPU0: nearest RDMA NIC mlx4_0 is PHB"));
  CHECK(shows(run("topo --from '" + dir + "'").out, "GPU-NIC topology from hwloc XML (lstopo.xml)"));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("check on a live host judges TOPO-* from its sysfs as check --from judges a copy of it") {
  const std::string tree = kTopo + "hgx-degraded";
  const std::string dir = temp_path("capture-of-hgx-degraded");
  const std::string copy_tree =
      "rm -rf '" + dir + "' && mkdir -p '" + dir + "' && cp -r '" + tree + "' '" + dir + "/sys'";
  REQUIRE(std::system(copy_tree.c_str()) == 0);
  const std::string only = " check --json --only TOPO-GDR-DISTANCE,TOPO-PCIE-DEGRADED,TOPO-BALANCE";
  const auto live = run("--sysfs-root '" + tree + "'" + only);
  const auto copy = run(only + " --from '" + dir + "'");
  INFO(live.out << live.err << copy.out << copy.err);
  CHECK(live.exit_code == 1);
  CHECK(copy.exit_code == live.exit_code);
  const auto judged = [](const std::string& out) {
    const auto doc = nlohmann::json::parse(out);
    std::vector<std::string> seen;
    for (const auto& f : doc["findings"])
      seen.push_back(f["id"].get<std::string>() + " " + f["severity"].get<std::string>() + " " +
                     f["title"].get<std::string>());
    for (const auto& r : doc["results"]) seen.push_back(r["id"].get<std::string>() + " " + r["status"].dump());
    return seen;
  };
  const auto seen = judged(live.out);
  CHECK(seen == judged(copy.out));
  CHECK(std::count_if(seen.begin(), seen.end(), [](const std::string& s) { return s.starts_with("TOPO-"); }) >= 5);
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("topo --from NCCL's dump cut short: the complete part is judged and the cut is said, text and JSON") {
  const auto r = run("topo --from '" + kTopo + "nccl_topo_dump_truncated.xml'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(shows(r.out, "notice: " + kTopo + "nccl_topo_dump_truncated.xml:53: the dump is cut short inside <nic>"));
  CHECK(shows(r.out, "GPU0    PIX     PHB     PHB     0\n"));
  const auto j = run("topo --json --from '" + kTopo + "nccl_topo_dump_truncated.xml'");
  CHECK(j.exit_code == 0);
  const auto doc = nlohmann::json::parse(j.out);
  REQUIRE(doc["notices"].size() == 1);
  CHECK(shows(doc["notices"][0].get<std::string>(), "read up to there, 3 GPUs and 3 NICs"));
  CHECK(doc["pairs"].size() == 9);
  const auto whole = run("topo --json --from '" + kTopo + "nccl_topo_dump.xml'");
  CHECK(nlohmann::json::parse(whole.out)["notices"].empty());
}

}  // namespace roce::test
