// libFuzzer target: the import's file-name -> parser dispatch on arbitrary file contents. The input
// is "<file name>\n<contents>"; a second file for the same netdev follows after a NUL byte, so that
// merging and the mlnx_qos/dcb comparison run too. Also feeds the date/manifest readers and the
// tar member-name check.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "import/capture_names.hpp"
#include "import/capture_time.hpp"
#include "import/host_merge.hpp"
#include "import/import_text.hpp"
#include "import/tar_extract.hpp"
#include "model/port_netdev.hpp"

using namespace roce::import;

namespace {

void feed(std::string_view input, ImportState& state) {
  const std::size_t eol = input.find('\n');
  if (eol == std::string_view::npos) return;
  const std::string_view name = input.substr(0, eol);
  const std::string_view text = input.substr(eol + 1);
  const CommandFile command = classify_command_file(name);
  import_command_text(command, text, {"fuzz", std::string(name)}, state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  ImportState state;
  const std::size_t split = input.find('\0');
  feed(input.substr(0, split), state);
  if (split != std::string_view::npos) feed(input.substr(split + 1), state);
  report_qos_disagreements(state);
  roce::model::map_port_netdevs(state.host);
  mark_unread(state.host, "not in this capture", {"fuzz", ""});
  (void)parse_date_output(input);
  (void)parse_sos_manifest_time(input);
  (void)unsafe_member_names(input);
  return 0;
}
