// The topology library: sysfs trees built after DGX/HGX H100 layouts, the distance rule,
// `nvidia-smi topo -m` outputs published in NVIDIA's and others' issue trackers, and hwloc's own
// XML test topologies.
#include <catch2/catch.hpp>

#include "model/pci_distance.hpp"
#include "sources/sysfs/topology_walk.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "topology/hwloc_xml.hpp"
#include "topology/nccl_topo_xml.hpp"
#include "topology/nvidia_smi_topo.hpp"

namespace roce::test {
namespace {

using model::PciDistance;

const std::string kDir = std::string(ROCE_FIXTURES_DIR) + "/topology/";

PciDistance distance(const model::Topology& t, const std::string& gpu, const std::string& nic) {
  const auto* p = t.pair(gpu, nic);
  REQUIRE(p != nullptr);
  return p->distance;
}

model::Topology parse_fixture(const std::string& file) {
  auto t = topology::parse_nvidia_smi_topo(slurp(kDir + file), file);
  if (!t) FAIL(t.error().message);
  return *t;
}

}  // namespace

TEST_CASE("a sysfs tree of an HGX-class host yields its GPUs, NICs, paths and NUMA nodes") {
  const auto read = sources::sysfs::read_topology(kDir + "hgx");
  const auto& t = read.topology;
  CHECK(read.warnings.empty());
  REQUIRE(t.gpus.size() == 4);  // the NVSwitch has NVIDIA's vendor ID but is no GPU
  REQUIRE(t.nics.size() == 4);
  CHECK(t.gpus[0].name == "GPU0");
  CHECK(t.gpus[0].pci_address == "0000:18:00.0");
  CHECK(t.gpus[3].pci_address == "0000:bd:00.0");
  CHECK(t.gpus[0].root == "pci0000:15");
  CHECK(t.gpus[2].numa_node == 1);
  CHECK(t.nics[3].name == "mlx5_3");
  REQUIRE(t.nics[3].path.size() == 6);
  CHECK(t.nics[3].path.front().address == "0000:ba:01.0");
  CHECK(t.nics[3].path.back().address == "0000:c0:00.0");
  CHECK(t.nics[3].path.back().current_speed == "32.0 GT/s PCIe");
  CHECK(t.nics[3].path.back().max_width == 16u);
  CHECK(t.has_links);
  CHECK(t.from.source == "sysfs");
}

TEST_CASE("GPU–NIC pairs are classified as nvidia-smi does: switch, cascaded switch, host bridge, node, socket") {
  const auto t = sources::sysfs::read_topology(kDir + "hgx").topology;
  CHECK(t.pairs.size() == 16);
  CHECK(distance(t, "GPU0", "mlx5_0") == PciDistance::pix);   // one switch
  CHECK(distance(t, "GPU0", "mlx5_1") == PciDistance::node);  // other root complex, same socket
  CHECK(distance(t, "GPU0", "mlx5_2") == PciDistance::sys);   // other socket
  CHECK(distance(t, "GPU1", "mlx5_1") == PciDistance::pix);
  CHECK(distance(t, "GPU2", "mlx5_3") == PciDistance::node);
  CHECK(distance(t, "GPU3", "mlx5_3") == PciDistance::pxb);  // a second switch below the first
}

TEST_CASE("two devices on one root complex but different root ports are PHB") {
  model::TopoDevice gpu{
      .name = "GPU0", .root = "pci0000:00", .path = {{.address = "0000:00:01.0"}, {.address = "0000:01:00.0"}}};
  model::TopoDevice nic{
      .name = "mlx5_0", .root = "pci0000:00", .path = {{.address = "0000:00:03.0"}, {.address = "0000:02:00.0"}}};
  CHECK(model::classify(gpu, nic) == PciDistance::phb);
  nic.root.clear();
  CHECK_FALSE(model::classify(gpu, nic).has_value());
}

TEST_CASE("a degraded link and a socket without NICs show in the sysfs tree") {
  const auto t = sources::sysfs::read_topology(kDir + "hgx-degraded").topology;
  REQUIRE(t.nics.size() == 2);
  const auto* gpu1 = t.device("GPU1");
  REQUIRE(gpu1 != nullptr);
  REQUIRE(gpu1->path.size() == 4);
  CHECK(gpu1->path[2].address == "0000:37:00.0");
  CHECK(gpu1->path[2].current_width == 8u);
  CHECK(gpu1->path[2].current_speed == "16.0 GT/s PCIe");
  CHECK(distance(t, "GPU2", "mlx5_0") == PciDistance::sys);
}

TEST_CASE("a sysfs root without PCI devices gives an empty topology and says why") {
  const auto read = sources::sysfs::read_topology(kDir + "no-such-tree");
  CHECK(read.topology.gpus.empty());
  CHECK(read.topology.nics.empty());
  CHECK_FALSE(read.warnings.empty());
}

TEST_CASE("nvidia-smi topo -m, current layout: NIC columns, NUMA affinity, the truncated NCCL #933 matrix") {
  const auto t = parse_fixture("nvidia_smi_topo_nccl933.txt");
  CHECK(t.gpus.size() == 8);
  CHECK(t.nics.size() == 9);
  CHECK(t.pairs.size() == 7 * 9);  // the GPU7 row was cut from the quote
  CHECK(distance(t, "GPU0", "NIC2") == PciDistance::pix);
  CHECK(distance(t, "GPU0", "NIC0") == PciDistance::node);
  CHECK(distance(t, "GPU0", "NIC1") == PciDistance::sys);
  CHECK(distance(t, "GPU6", "NIC5") == PciDistance::pix);
  CHECK(t.gpus[0].numa_node == 0);
  CHECK(t.gpus[4].numa_node == 1);
  CHECK_FALSE(t.gpus[7].numa_node.has_value());
  CHECK(t.from.source == "nvidia-smi topo -m");
  CHECK_FALSE(t.has_links);
}

TEST_CASE("nvidia-smi topo -m, old layout: NIC columns named by device, CPU affinity only") {
  const auto t = parse_fixture("nvidia_smi_topo_old_layout.txt");
  CHECK(t.gpus.size() == 16);
  REQUIRE(t.nics.size() == 10);
  CHECK(t.nics[0].name == "mlx5_0");
  CHECK(distance(t, "GPU0", "mlx5_0") == PciDistance::pix);
  CHECK(distance(t, "GPU2", "mlx5_0") == PciDistance::pxb);
  CHECK(distance(t, "GPU3", "mlx5_9") == PciDistance::sys);
  CHECK_FALSE(t.gpus[0].numa_node.has_value());
}

TEST_CASE("nvidia-smi topo -m whose header lost its leading blank (pasted into a document) reads the same") {
  const auto t = parse_fixture("nvidia_smi_topo_header_at_column0.txt");
  CHECK(t.gpus.size() == 8);
  REQUIRE(t.nics.size() == 1);
  CHECK(t.nics[0].name == "mlx5_0");
  CHECK(distance(t, "GPU0", "mlx5_0") == PciDistance::node);
  CHECK(distance(t, "GPU7", "mlx5_0") == PciDistance::node);
  // The GPU0 row itself ("GPU0  X  NV2 ...") is never taken for a header.
  auto rows_only = topology::parse_nvidia_smi_topo("GPU0     X      NV2\nGPU1    NV2      X\n", "rows.txt");
  REQUIRE_FALSE(rows_only.ok());
  CHECK(rows_only.error().message.starts_with("rows.txt: no `nvidia-smi topo -m` matrix"));
}

TEST_CASE("nvidia-smi topo -m with TABs, a double TAB before GPU NUMA ID and no NIC") {
  const auto t = parse_fixture("nvidia_smi_topo_tabs.txt");
  CHECK(t.gpus.size() == 2);
  CHECK(t.nics.empty());
  CHECK(t.pairs.empty());
  CHECK(t.gpus[1].numa_node == 0);
}

TEST_CASE("the NIC Legend names the NIC columns; ANSI underline and SOC are understood") {
  const std::string text =
      "\x1b[4m\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\x1b[0m\n"
      "GPU0\t X \tNV18\tPIX\tSOC\t0-55\t0\t\tN/A\n"
      "GPU1\tNV18\t X \tSYS\tPXB\t56-111\t1\t\tN/A\n"
      "NIC0\tPIX\tSYS\t X \tSYS\n"
      "NIC1\tSYS\tPXB\tSYS\t X \n"
      "\nLegend:\n\n  X    = Self\n  PIX  = Connection traversing at most a single PCIe bridge\n"
      "\nNIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_bond_0\n";
  auto t = topology::parse_nvidia_smi_topo(text, "topo.txt");
  REQUIRE(t);
  REQUIRE(t->nics.size() == 2);
  CHECK(t->nics[0].name == "mlx5_0");
  CHECK(t->nics[1].name == "mlx5_bond_0");
  CHECK(distance(*t, "GPU0", "mlx5_0") == PciDistance::pix);
  CHECK(distance(*t, "GPU0", "mlx5_bond_0") == PciDistance::sys);
  CHECK(distance(*t, "GPU1", "mlx5_bond_0") == PciDistance::pxb);
  CHECK(t->gpus[1].numa_node == 1);
}

TEST_CASE("what is not a topo -m matrix is refused with the file and line") {
  auto none = topology::parse_nvidia_smi_topo("Wed Dec  2 nvidia-smi\nNo devices were found\n", "topo.txt");
  REQUIRE_FALSE(none);
  CHECK(none.error().message.find("topo.txt: no `nvidia-smi topo -m` matrix") == 0);

  auto cut = topology::parse_nvidia_smi_topo("\tGPU0\tNIC0\tCPU Affinity\nGPU0\t X \n", "topo.txt");
  REQUIRE_FALSE(cut);
  CHECK(cut.error().message.find("topo.txt:2: row GPU0 has 1 cells") == 0);

  auto bad = topology::parse_nvidia_smi_topo("\tGPU0\tNIC0\tCPU Affinity\nGPU0\t X \tFAR\t0-7\n", "topo.txt");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().message == "topo.txt:2: GPU0 to NIC0 is 'FAR', not a PCIe distance (PIX, PXB, PHB, NODE, SYS)");
}

TEST_CASE("NCCL's topology dump: a switch holding a GPU and a NIC, a dual-port NIC on the other socket") {
  auto t = topology::parse_nccl_topo_xml(slurp(kDir + "nccl_topo_dump.xml"), "topo.xml");
  if (!t) FAIL(t.error().message);
  REQUIRE(t->gpus.size() == 1);
  REQUIRE(t->nics.size() == 3);
  CHECK(t->gpus[0].name == "GPU0");
  CHECK(t->gpus[0].pci_address == "0000:18:00.0");
  CHECK(t->gpus[0].numa_node == 0);
  CHECK(t->nics[1].name == "mlx5_4");
  CHECK(t->nics[2].pci_address == "0000:61:00.0");
  CHECK(t->nics[2].path.back().max_speed == "16.0 GT/s PCIe");
  CHECK(distance(*t, "GPU0", "mlx5_0") == PciDistance::pix);
  CHECK(distance(*t, "GPU0", "mlx5_5") == PciDistance::sys);
  CHECK_FALSE(t->has_links);
  CHECK(t->from.source == "NCCL topology XML");
}

TEST_CASE("NCCL's dump: a cascaded switch is PXB, two switches under one CPU are PHB") {
  const std::string xml = R"(<system version="1"><cpu numaid="0">
    <pci busid="0000:16:00.0"><pci busid="0000:18:00.0"><gpu dev="1"/></pci>
      <pci busid="0000:1a:00.0"><pci busid="0000:1b:00.0"><nic><net name="mlx5_1"/></nic></pci></pci></pci>
    <pci busid="0000:30:00.0"><pci busid="0000:31:00.0"><nic><net name="mlx5_2"/></nic></pci></pci>
  </cpu></system>)";
  auto t = topology::parse_nccl_topo_xml(xml, "topo.xml");
  REQUIRE(t);
  CHECK(distance(*t, "GPU1", "mlx5_1") == PciDistance::pxb);
  CHECK(distance(*t, "GPU1", "mlx5_2") == PciDistance::phb);
}

TEST_CASE("NCCL's dump cut short: the devices before the cut are read and paired, and the cut is said") {
  auto t = topology::parse_nccl_topo_xml(slurp(kDir + "nccl_topo_dump_truncated.xml"), "topo.xml");
  if (!t) FAIL(t.error().message);
  REQUIRE(t->gpus.size() == 3);
  REQUIRE(t->nics.size() == 3);  // the fourth <nic> is cut before its <net>
  CHECK(t->nics[0].name == "mlx5_7");
  CHECK(distance(*t, "GPU0", "mlx5_7") == PciDistance::pix);
  CHECK(distance(*t, "GPU2", "mlx5_5") == PciDistance::pix);
  CHECK(distance(*t, "GPU0", "mlx5_6") == PciDistance::phb);
  CHECK(t->pairs.size() == 9);
  REQUIRE(t->notices.size() == 1);
  CHECK(t->notices[0] ==
        "topo.xml:53: the dump is cut short inside <nic> (line 53): read up to there, 3 GPUs and 3 NICs; any after "
        "the cut are missing");
  // Cut inside a tag's attributes: read up to the tag before it.
  const std::string whole = slurp(kDir + "nccl_topo_dump.xml");
  auto mid = topology::parse_nccl_topo_xml(whole.substr(0, whole.find("busid=\"0000:19:00.0\"")), "topo.xml");
  if (!mid) FAIL(mid.error().message);
  CHECK(mid->gpus.size() == 1);
  CHECK(mid->nics.empty());
  CHECK(mid->notices.at(0).find(": the dump is cut short inside <pci> (line 6)") != std::string::npos);
  // A complete dump says nothing.
  CHECK(topology::parse_nccl_topo_xml(whole, "topo.xml")->notices.empty());
}

TEST_CASE("NCCL's dump: every prefix of a real dump reads or is refused, never crashes") {
  const std::string whole = slurp(kDir + "nccl_topo_dump.xml");
  std::size_t gpus = 0;
  for (std::size_t n = 0; n <= whole.size(); n += 5) {
    auto t = topology::parse_nccl_topo_xml(whole.substr(0, n), "topo.xml");
    if (t) gpus = std::max(gpus, t->gpus.size());
  }
  CHECK(gpus == 1);
}

TEST_CASE("what is not NCCL's dump is refused with the file and line") {
  auto broken =
      topology::parse_nccl_topo_xml("<system>\n<cpu numaid=\"0\">\n<pci busid=\"0000:01:00.0\">\n</system>", "t.xml");
  REQUIRE_FALSE(broken);
  CHECK(broken.error().message.find("t.xml:") == 0);
  CHECK(broken.error().message.find("not well-formed XML") != std::string::npos);
  auto other = topology::parse_nccl_topo_xml("<topology version=\"2.0\"/>", "t.xml");
  REQUIRE_FALSE(other);
  CHECK(other.error().message == "t.xml: no <system> element: not an NCCL topology dump");
  auto nameless = topology::parse_nccl_topo_xml(
      "<system>\n<cpu>\n<pci busid=\"0000:01:00.0\"><nic><net/></nic></pci></cpu></system>", "t.xml");
  REQUIRE_FALSE(nameless);
  CHECK(nameless.error().message == "t.xml:3: <net> without a name");
}

TEST_CASE("hwloc XML (2.x layout): GPUs by class and vendor, the OpenFabrics device, host bridges, NUMA nodes") {
  const std::string file = "hwloc_24em64t-2n6c2t-pci_v2.xml";
  const auto t = topology::parse_hwloc_xml(slurp(kDir + file), file);
  if (!t) FAIL(t.error().message);
  CHECK(t->from.source == "hwloc XML");
  CHECK_FALSE(t->has_links);
  // Three NVIDIA 0302 functions; the ATI ES1000 (1002, class 0300) is a VGA chip, no GPU.
  REQUIRE(t->gpus.size() == 3);
  CHECK(t->gpus[0].name == "GPU0");
  CHECK(t->gpus[0].pci_address == "0000:06:00.0");
  CHECK(t->gpus[0].vendor == "0x10de");
  CHECK(t->gpus[0].numa_node == 0);
  CHECK(t->gpus[0].root == "host bridge 0000:[00-0f]");
  REQUIRE(t->gpus[0].path.size() == 2);
  CHECK(t->gpus[0].path[0].address == "0000:00:07.0");
  CHECK(t->gpus[0].path[1].current_speed == "4.000000 GB/s");
  CHECK(t->gpus[1].pci_address == "0000:11:00.0");
  CHECK(t->gpus[2].pci_address == "0000:14:00.0");
  CHECK(t->gpus[2].numa_node == 1);
  // eth0..eth2 and ib0 are netdevs: only the OpenFabrics device is a NIC.
  REQUIRE(t->nics.size() == 1);
  CHECK(t->nics[0].name == "mlx4_0");
  CHECK(t->nics[0].pci_address == "0000:05:00.0");
  CHECK(t->nics[0].vendor == "0x15b3");
  CHECK(t->nics[0].numa_node == 0);
  CHECK(distance(*t, "GPU0", "mlx4_0") == PciDistance::phb);  // one host bridge, two root ports
  CHECK(distance(*t, "GPU1", "mlx4_0") == PciDistance::sys);  // the other socket
  CHECK(distance(*t, "GPU2", "mlx4_0") == PciDistance::sys);
}

TEST_CASE("hwloc XML (3.0 layout): osdev_type is a bit mask, the same host reads the same") {
  const auto v2 = topology::parse_hwloc_xml(slurp(kDir + "hwloc_24em64t-2n6c2t-pci_v2.xml"), "v2.xml");
  const auto v3 = topology::parse_hwloc_xml(slurp(kDir + "hwloc_24em64t-2n6c2t-pci_v3.xml"), "v3.xml");
  REQUIRE(v2.ok());
  REQUIRE(v3.ok());
  CHECK(v3->gpus == v2->gpus);
  CHECK(v3->nics == v2->nics);
  CHECK(v3->pairs == v2->pairs);
}

TEST_CASE("hwloc XML: a PCIe switch holding a GPU and an mlx5 is PIX; 1.x NUMA nodes hold their objects") {
  const std::string xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE topology SYSTEM "hwloc.dtd">
<topology>
  <object type="Machine" os_index="0">
    <object type="NUMANode" os_index="1" local_memory="1">
      <object type="Bridge" os_index="0" bridge_type="0-1" depth="0" bridge_pci="0000:[15-1a]">
        <object type="Bridge" os_index="1" bridge_type="1-1" depth="1" bridge_pci="0000:[16-1a]" pci_busid="0000:15:01.0" pci_type="0604 [8086:352a] [8086:0000] 04 00" pci_link_speed="31.507692">
          <object type="Bridge" os_index="2" bridge_type="1-1" depth="2" bridge_pci="0000:[17-1a]" pci_busid="0000:16:00.0" pci_type="0604 [1000:c030] [1000:a064] b0 00" pci_link_speed="31.507692">
            <object type="Bridge" os_index="3" bridge_type="1-1" depth="3" bridge_pci="0000:[18-18]" pci_busid="0000:17:00.0" pci_type="0604 [1000:c030] [1000:a064] b0 00" pci_link_speed="31.507692">
              <object type="PCIDev" os_index="4" pci_busid="0000:18:00.0" pci_type="0302 [10de:2330] [10de:16c1] a1 00" pci_link_speed="31.507692"/>
            </object>
            <object type="Bridge" os_index="5" bridge_type="1-1" depth="3" bridge_pci="0000:[19-19]" pci_busid="0000:17:01.0" pci_type="0604 [1000:c030] [1000:a064] b0 00" pci_link_speed="31.507692">
              <object type="PCIDev" os_index="6" pci_busid="0000:19:00.0" pci_type="0207 [15b3:1021] [15b3:0041] 00 00" pci_link_speed="31.507692">
                <object type="OSDev" name="ibp25s0" osdev_type="2"/>
                <object type="OSDev" name="mlx5_0" osdev_type="3"/>
              </object>
            </object>
          </object>
        </object>
      </object>
    </object>
  </object>
</topology>
)";
  const auto t = topology::parse_hwloc_xml(xml, "dgx.xml");
  if (!t) FAIL(t.error().message);
  REQUIRE(t->gpus.size() == 1);
  REQUIRE(t->nics.size() == 1);
  CHECK(t->gpus[0].numa_node == 1);
  CHECK(distance(*t, "GPU0", "mlx5_0") == PciDistance::pix);
}

TEST_CASE("what is not hwloc's XML is refused with the file and line") {
  auto r = topology::parse_hwloc_xml("<topology>\n  <object type=\"Machine\">\n", "cut.xml");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.starts_with("cut.xml:"));
  r = topology::parse_hwloc_xml("<system version=\"1\"/>", "nccl.xml");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "nccl.xml: no <topology> element: not an hwloc XML export");
  r = topology::parse_hwloc_xml(
      "<topology>\n<object type=\"Bridge\" bridge_type=\"0-1\">\n<object type=\"PCIDev\" pci_type=\"0302\"/>\n"
      "</object>\n</topology>",
      "bad.xml");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "bad.xml:3: <object type=\"PCIDev\"> without pci_busid");
  r = topology::parse_hwloc_xml(
      "<topology>\n<object type=\"PCIDev\" pci_busid=\"0000:01:00.0\" pci_type=\"vga\"/>\n</topology>", "type.xml");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message.starts_with("type.xml:2: pci_type \"vga\" is not"));
  CHECK(
      topology::looks_like_hwloc_xml("<?xml?>\n<!DOCTYPE topology SYSTEM \"hwloc2.dtd\">\n<topology version=\"2.0\">"));
  CHECK_FALSE(topology::looks_like_hwloc_xml("<system version=\"1\">\n  <cpu numaid=\"0\">"));
}

}  // namespace roce::test
