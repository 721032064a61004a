// libFuzzer target: import's "what is this path" rule on arbitrary heads. The input is
// "<file name>\n<first bytes of the file>".
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/path_kind.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t eol = input.find('\n');
  const std::string_view name = eol == std::string_view::npos ? std::string_view() : input.substr(0, eol);
  const std::string_view head = eol == std::string_view::npos ? input : input.substr(eol + 1);
  (void)roce::import::to_string(roce::import::kind_of_file(name, head));
  return 0;
}
