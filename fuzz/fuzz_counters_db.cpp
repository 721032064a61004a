// libFuzzer target: a SONiC COUNTERS_DB dump (switch/counters_db.hpp) read per port and mapped to
// storm counters. Any bytes must give ports or an error, never a crash; the error and every problem
// name the file.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "incident/counters_db_source.hpp"
#include "switch/counters_db.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto db = roce::switches::parse_counters_db(text, "COUNTERS_DB.json");
  if (!db) {
    if (db.error().message.rfind("COUNTERS_DB.json:", 0) != 0) std::abort();
    return 0;
  }
  for (const auto& p : db->problems)
    if (p.rfind("COUNTERS_DB.json: ", 0) != 0) std::abort();
  if (roce::incident::counters_db_ports(*db).size() != db->ports.size()) std::abort();
  return 0;
}
