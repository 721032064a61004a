// libFuzzer target for serve's web configuration file: any bytes are a configuration or an error
// that names the file.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/web_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto c = roce::cli::parse_web_config(text, "web.yml");
  if (!c && c.error().message.rfind("web.yml", 0) != 0) __builtin_trap();  // every error located
  if (c && c->cert_file.empty() != c->key_file.empty()) __builtin_trap();
  return 0;
}
