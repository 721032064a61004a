#pragma once
// Reads NCCL logs from files (plain or gzip'd, told by content) or stdin ("-"), streaming: memory
// holds a read buffer and the summary, never the log.
#include <string>
#include <vector>

#include "model/nccl_log.hpp"
#include "nccl_log/summarizer.hpp"
#include "util/expected.hpp"

namespace roce::nccl_log {

/// Feeds every line of `path` ("-": standard input, or a pipe) to `into`. Fails naming the file (and
/// the line after which a gzip stream broke off) when it cannot be read, is a device or directory,
/// or holds more than util::input_limits().input_bytes (decompressed). Lines longer than
/// input_limits().line_bytes are given cut to it; `notes` gets one located line saying so.
Outcome read_into(const std::string& path, Summarizer& into, std::vector<std::string>* notes = nullptr);

/// The logs read as one job. Fails when one cannot be read, or when none holds a single NCCL line
/// (then the message names the files and how many lines they had).
Expected<model::NcclLog> read_logs(const std::vector<std::string>& paths);

}  // namespace roce::nccl_log
