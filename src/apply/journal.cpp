#include "apply/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

#include "apply/value_json.hpp"
#include "util/json_parse.hpp"

namespace roce::apply {
namespace {

using nlohmann::json;

constexpr std::string_view kMagic = "roce-doctor-journal 1 ";
constexpr std::size_t kMaxBody = 64u << 20;

constexpr JournalState kStates[] = {JournalState::pending,   JournalState::writing, JournalState::verifying,
                                    JournalState::restoring, JournalState::kept,    JournalState::rolled_back,
                                    JournalState::restored};

Expected<JournalState> state_from(const std::string& name) {
  for (auto s : kStates)
    if (name == to_string(s)) return s;
  return fail("unknown journal state \"" + name + "\"");
}

Expected<std::int64_t> get_int(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer())
    return fail(std::string("member \"") + key + "\" missing or not an integer");
  return it->get<std::int64_t>();
}

Expected<std::string> get_string(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return fail(std::string("member \"") + key + "\" missing or not a string");
  return it->get<std::string>();
}

Expected<Journal> journal_from(const json& j) {
  if (!j.is_object()) return fail("body is not a JSON object");
  Journal out;
  auto system = get_string(j, "system");
  auto state = get_string(j, "state");
  auto command = get_string(j, "applier_command");
  auto note = get_string(j, "note");
  auto pid = get_int(j, "applier_pid");
  auto started = get_int(j, "started_unix_ms");
  auto deadline = get_int(j, "deadline_unix_ms");
  for (const Error* e :
       {system ? nullptr : &system.error(), state ? nullptr : &state.error(), command ? nullptr : &command.error(),
        note ? nullptr : &note.error(), pid ? nullptr : &pid.error(), started ? nullptr : &started.error(),
        deadline ? nullptr : &deadline.error()})
    if (e) return fail(*e);
  auto s = state_from(*state);
  if (!s) return fail(s.error());
  out.system = *system;
  out.state = *s;
  out.applier_command = *command;
  out.note = *note;
  out.applier_pid = *pid;
  out.started_unix_ms = *started;
  out.deadline_unix_ms = *deadline;
  auto entries = j.find("entries");
  if (entries == j.end() || !entries->is_array()) return fail("member \"entries\" missing or not an array");
  for (std::size_t i = 0; i < entries->size(); ++i) {
    const json& e = (*entries)[i];
    const std::string at = "entries[" + std::to_string(i) + "]";
    if (!e.is_object()) return fail(at + ": not an object");
    JournalEntry entry;
    auto object = object_from_json(e.contains("object") ? e["object"] : json(), at + ".object");
    if (!object) return fail(object.error());
    auto prior = value_from_json(e.contains("prior") ? e["prior"] : json(), at + ".prior");
    if (!prior) return fail(prior.error());
    auto proposed = value_from_json(e.contains("proposed") ? e["proposed"] : json(), at + ".proposed");
    if (!proposed) return fail(proposed.error());
    auto derived = e.find("derived");
    if (derived == e.end() || !derived->is_boolean()) return fail(at + ".derived: missing or not a boolean");
    if (prior->index() != proposed->index()) return fail(at + ": prior and proposed have different types");
    entry.object = *object;
    entry.prior = std::move(*prior);
    entry.proposed = std::move(*proposed);
    entry.derived = derived->get<bool>();
    out.entries.push_back(std::move(entry));
  }
  return out;
}

Outcome sys_fail(const std::string& what) { return fail(what + ": " + std::strerror(errno), {}, errno); }

Outcome write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return sys_fail("write " + path);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return done();
}

// A journal another user could have written is never restored from.
Outcome check_journal_file(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return sys_fail("stat " + path);
  const std::string hint = "inspect it: roce-doctor only writes regular files owned by the applying user";
  if (!S_ISREG(st.st_mode)) return fail("journal " + path + " is not a regular file; refused", hint, EINVAL);
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return fail("journal " + path + " is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
                    std::to_string(::geteuid()) + ") or root; refused",
                hint, EPERM);
  return done();
}

}  // namespace

std::string dir_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

const char* to_string(JournalState s) {
  switch (s) {
    case JournalState::pending: return "pending";
    case JournalState::writing: return "writing";
    case JournalState::verifying: return "verifying";
    case JournalState::restoring: return "restoring";
    case JournalState::kept: return "kept";
    case JournalState::rolled_back: return "rolled_back";
    case JournalState::restored: return "restored";
  }
  return "unknown";
}

bool finished(JournalState s) {
  return s == JournalState::kept || s == JournalState::rolled_back || s == JournalState::restored;
}

std::uint32_t crc32(std::string_view bytes) {  // IEEE 802.3, reflected, as zlib's crc32()
  std::uint32_t crc = 0xffffffffu;
  for (unsigned char c : bytes) {
    crc ^= c;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

std::string encode_journal(const Journal& journal) {
  json entries = json::array();
  for (const auto& e : journal.entries)
    entries.push_back({{"object", object_to_json(e.object)},
                       {"prior", value_to_json(e.prior)},
                       {"proposed", value_to_json(e.proposed)},
                       {"derived", e.derived}});
  const json body = {{"system", journal.system},
                     {"state", to_string(journal.state)},
                     {"applier_pid", journal.applier_pid},
                     {"applier_command", journal.applier_command},
                     {"started_unix_ms", journal.started_unix_ms},
                     {"deadline_unix_ms", journal.deadline_unix_ms},
                     {"note", journal.note},
                     {"entries", entries}};
  // replace: a command line or kernel message that is not UTF-8 must not abort a save mid-apply.
  const std::string text = body.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  char header[80];
  std::snprintf(header, sizeof header, "crc32=%08x bytes=%zu\n", crc32(text), text.size());
  return std::string(kMagic) + header + text;
}

Expected<Journal> decode_journal(std::string_view bytes) {
  if (bytes.empty()) return fail("empty file (a torn write?)", "the journal is never legitimately empty");
  if (bytes.substr(0, kMagic.size()) != kMagic) {
    if (kMagic.substr(0, bytes.size()) == bytes) return fail("torn: the header is cut short");
    return fail("not a roce-doctor journal (header does not start with \"roce-doctor-journal 1\")");
  }
  const auto eol = bytes.find('\n');
  if (eol == std::string_view::npos) return fail("torn: the header line has no end");
  const std::string header(bytes.substr(kMagic.size(), eol - kMagic.size()));
  unsigned crc = 0;
  std::size_t length = 0;
  int consumed = 0;
  if (std::sscanf(header.c_str(), "crc32=%8x bytes=%zu%n", &crc, &length, &consumed) != 2 ||
      static_cast<std::size_t>(consumed) != header.size() || length > kMaxBody)
    return fail("corrupt: malformed header \"" + header + "\"");
  const std::string_view body = bytes.substr(eol + 1);
  if (body.size() < length)
    return fail("torn: header promises " + std::to_string(length) + " bytes of body, " + std::to_string(body.size()) +
                " present");
  if (body.size() > length)
    return fail("corrupt: " + std::to_string(body.size() - length) + " bytes after the end of the body");
  if (crc32(body) != crc) {
    char msg[96];
    std::snprintf(msg, sizeof msg, "corrupt: CRC-32 of the body is %08x, header says %08x", crc32(body), crc);
    return fail(msg);
  }
  const auto parsed = util::json_parse<json>(body);
  if (!parsed) return fail("corrupt: body " + parsed.error().message);
  const json& j = *parsed;
  if (j.is_discarded()) return fail("corrupt: body is not valid JSON");
  auto journal = journal_from(j);
  if (!journal) return fail(std::move(journal.error()).context("corrupt: body"));
  return journal;
}

Outcome write_journal(const std::string& path, const Journal& journal) {
  const std::string tmp = path + ".tmp";
  const std::string bytes = encode_journal(journal);
  // Only ever ours (written under the apply lock): a stale one, or anything planted in its place,
  // is removed rather than followed. unlink() does not follow a symlink.
  if (::unlink(tmp.c_str()) != 0 && errno != ENOENT) return sys_fail("remove stale " + tmp);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return sys_fail("create " + tmp);
  auto written = write_all(fd, bytes, tmp);
  if (written && ::fsync(fd) != 0) written = sys_fail("fsync " + tmp);
  ::close(fd);
  if (!written) return written;
  if (::rename(tmp.c_str(), path.c_str()) != 0) return sys_fail("rename " + tmp + " to " + path);
  const std::string dir = dir_of(path);
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return sys_fail("open directory " + dir);
  const int rc = ::fsync(dfd);
  ::close(dfd);
  if (rc != 0) return sys_fail("fsync directory " + dir);
  return done();
}

Expected<Journal> read_journal(const std::string& path) {
  // O_NONBLOCK: a FIFO in the journal's place must be refused below, not block the open.
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0 && errno == ELOOP)
    return fail("journal " + path + " is a symlink; refused", "inspect it: roce-doctor never writes one", ELOOP);
  if (fd < 0) return fail("open " + path + ": " + std::strerror(errno), {}, errno);
  if (auto trusted = check_journal_file(fd, path); !trusted) {
    ::close(fd);
    return fail(trusted.error());
  }
  std::string bytes;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      return fail("read " + path + ": " + std::strerror(err), {}, err);
    }
    if (n == 0) break;
    bytes.append(buf, static_cast<std::size_t>(n));
    if (bytes.size() > kMaxBody + 256) break;
  }
  ::close(fd);
  auto journal = decode_journal(bytes);
  if (!journal) return fail(std::move(journal.error()).context("journal " + path));
  return journal;
}

}  // namespace roce::apply
