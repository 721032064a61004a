// Regenerates the example bundles in examples/ from the hosts described in C++ next to it:
//   build/.../make-examples examples/     (writes examples/cx6dx-ecn-off.json)
// The output is deterministic; tests/cli checks that the committed file matches it.
#include <cstdio>
#include <string>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make-examples OUTPUT_DIR\n");
    return 3;
  }
  roce::captures::Bundle bundle;
  bundle.tool_version = "0.1.0";
  bundle.created_unix_ms = 1764400060500;
  bundle.samples = {roce::examples::cx6dx_ecn_off_sample(0), roce::examples::cx6dx_ecn_off_sample(1)};
  const std::string path = std::string(argv[1]) + "/cx6dx-ecn-off.json";
  auto written = roce::captures::write_bundle_file(path, bundle);
  if (!written) {
    std::fprintf(stderr, "make-examples: %s\n", written.error().message.c_str());
    return 4;
  }
  std::printf("wrote %s\n", path.c_str());
  return 0;
}
