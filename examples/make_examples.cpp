// Regenerates the example bundles in examples/ from the hosts described in C++ next to it:
//   build/.../make-examples examples/     (writes examples/cx6dx-*.json)
// The output is deterministic; tests/cli checks that the committed files match it.
#include <cstdio>
#include <string>

#include "captures/bundle.hpp"
#include "examples/cx6dx_example.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make-examples OUTPUT_DIR\n");
    return 3;
  }
  for (const auto& example : roce::examples::kExamples) {
    roce::captures::Bundle bundle;
    bundle.tool_version = "0.1.0";
    bundle.created_unix_ms = 1764400060500;
    bundle.samples = {roce::examples::cx6dx_sample(example.kind, 0), roce::examples::cx6dx_sample(example.kind, 1)};
    const std::string path = std::string(argv[1]) + "/" + std::string(example.file);
    auto written = roce::captures::write_bundle_file(path, bundle);
    if (!written) {
      std::fprintf(stderr, "make-examples: %s\n", written.error().message.c_str());
      return 4;
    }
    std::printf("wrote %s\n", path.c_str());
  }
  return 0;
}
