// libFuzzer target: the topology parsers of src/topology (nvidia-smi topo -m, NCCL topology XML, hwloc XML). Each must
// return a topology or a located error on any input; the sanitizers catch the rest.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "topology/hwloc_xml.hpp"
#include "topology/nccl_topo_xml.hpp"
#include "topology/nvidia_smi_topo.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto t = roce::topology::parse_nvidia_smi_topo(text, "fuzz.txt");
  if (t) {
    for (const auto& p : t->pairs) (void)t->device(p.nic);
  }
  auto x = roce::topology::parse_nccl_topo_xml(text, "fuzz.xml");
  if (x) {
    for (const auto& p : x->pairs) (void)x->device(p.gpu);
  }
  auto h = roce::topology::parse_hwloc_xml(text, "fuzz-hwloc.xml");
  if (h) {
    for (const auto& p : h->pairs) (void)h->device(p.nic);
  }
  return 0;
}
