#pragma once
// A sweep's results folder read back into the fabric and what each test measured: roce-doctor's
// own (the plan, pairs.csv with its own columns, one perftest output per test), or a user's folder
// of perftest or nccl-tests outputs with a pairs.csv of just the five columns. One bad row (a file
// that is missing or not a result, a host the fabric does not hold) is a located note; the rows
// after it are read.
#include <optional>
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "model/bandwidth.hpp"
#include "sweep/observation.hpp"
#include "sweep/plan_file.hpp"

namespace roce::sweep {

struct FolderOptions {
  /// The fabric the captures describe (--from); nullopt: the folder's plan, else the hosts and
  /// devices the manifest names (leaves not known).
  std::optional<fabric::Fabric> fabric;
  double line_gbps = 0;  // --line-rate: for NICs whose line rate the fabric does not know
};

struct ResultsFolder {
  fabric::Fabric fabric;
  std::optional<Plan> plan;  // the folder's sweep-plan.json, when it holds one
  std::vector<Observation> observations;
  std::vector<std::string> notes;  // "pairs.csv:LINE: why", and what else the reader noticed
};

/// Reads DIR/pairs.csv and the files it names. Fails only when there is no readable manifest (or
/// plan file that is there but broken); every other problem is a note.
Expected<ResultsFolder> read_results_folder(const std::string& dir, const FolderOptions& options = {});

/// The figure of a result: the Gb/s of its largest message size; nullopt when no row has one.
std::optional<double> figure_of(const model::BandwidthResult& result);

}  // namespace roce::sweep
