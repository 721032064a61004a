#pragma once
// The hosts a `fleet` or `storm` PATH names, one at a time:
//   a file                      one host (bundle, recording, `check --json` output, sos archive)
//   an archive (by content,     extracted into a private temporary directory, then read as the
//     import/path_kind.hpp)     folder it holds
//   a folder                    one host when it is a capture folder (sos_commands/, sys/, a
//                               sysinfo-snapshot, or files named as command outputs); one folder
//                               wrapping everything is looked into; otherwise every entry (sorted,
//                               hidden ones skipped) is one host, as read by the rules above for a
//                               file or a capture folder
#include <functional>
#include <string>

#include "util/error.hpp"

namespace roce::import {

/// `path` is what to read, `label` how reports name it ("fleet.tgz:node07.json" for a member of an
/// archive). The path stays valid only during the call.
using HostVisitor = std::function<void(const std::string& path, const std::string& label)>;
/// A PATH that cannot be listed or extracted: `label` and why.
using PathErrorVisitor = std::function<void(const std::string& label, const Error& error)>;

/// Visits the hosts `path` names, in a stable order.
void for_each_host(const std::string& path, const HostVisitor& host, const PathErrorVisitor& error);

}  // namespace roce::import
