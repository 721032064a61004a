#include "apply/log.hpp"

#include <unistd.h>

#include <fstream>

#include "apply/lock.hpp"

namespace roce::apply {

void ApplyLog::line(std::string_view text) {
  out_ << text << "\n";
  out_.flush();
  if (state_dir_.empty()) return;
  std::ofstream file(state_dir_ + "/tune.log", std::ios::app);
  file << utc_time(unix_ms_now()) << " [" << ::getpid() << "] " << text << "\n";
}

}  // namespace roce::apply
