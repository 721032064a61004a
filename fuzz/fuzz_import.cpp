// libFuzzer target: the import's file-name -> parser dispatch on arbitrary file contents. The input
// is "<file name>\n<contents>"; a second file for the same netdev follows after a NUL byte, so that
// merging and the mlnx_qos/dcb comparison run too; then the lines the values cite are kept as the
// import keeps them. Also feeds the date/manifest readers and the tar member-name check.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "import/capture_names.hpp"
#include "import/capture_time.hpp"
#include "import/cited_lines.hpp"
#include "import/host_merge.hpp"
#include "import/import_text.hpp"
#include "import/tar_extract.hpp"
#include "model/port_netdev.hpp"

using namespace roce::import;

namespace {

void feed(std::string_view input, ImportState& state, std::map<std::string, std::string_view>& files) {
  const std::size_t eol = input.find('\n');
  if (eol == std::string_view::npos) return;
  const std::string_view name = input.substr(0, eol);
  const std::string_view text = input.substr(eol + 1);
  files[std::string(name)] = text;
  const CommandFile command = classify_command_file(name);
  import_command_text(command, text, {"fuzz", std::string(name)}, state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  ImportState state;
  const std::size_t split = input.find('\0');
  std::map<std::string, std::string_view> files;
  feed(input.substr(0, split), state, files);
  if (split != std::string_view::npos) feed(input.substr(split + 1), state, files);
  report_qos_disagreements(state);
  roce::model::map_port_netdevs(state.host);
  mark_unread(state.host, "not in this capture", {"fuzz", ""});
  roce::model::RawLines raw;
  for (const auto& [label, cited] : cited_lines(state.host, "fuzz"))
    if (auto file = files.find(label); file != files.end()) keep_cited_lines(raw, "fuzz", label, file->second, cited);
  (void)parse_date_output(input);
  (void)parse_sos_manifest_time(input);
  (void)unsafe_member_names(input);
  return 0;
}
