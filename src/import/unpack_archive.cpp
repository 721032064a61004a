// unpack_archive and named_after_archive.
#include "import/unpack_archive.hpp"

namespace roce::import {

Expected<process::TempDir> unpack_archive(const std::string& archive) {
  auto temp = process::TempDir::create("roce-doctor-import");
  if (!temp) return fail(std::move(temp.error()));
  if (auto extracted = extract_archive(archive, temp->path()); !extracted) return fail(std::move(extracted.error()));
  return temp;
}

Error named_after_archive(Error error, const std::string& temp, const std::string& archive) {
  const auto at = error.message.find(temp);
  if (at != std::string::npos) error.message.replace(at, temp.size(), archive);
  return error;
}

}  // namespace roce::import
