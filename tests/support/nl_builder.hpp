#pragma once
// Builds netlink messages byte for byte the way the kernel does (nlmsg_put, nla_put,
// nla_nest_start / nla_nest_start_noflag, nla_nest_end, nlmsg_end), for every bus: every attribute
// is padded to 4 bytes and the padding is counted in the nest and message lengths. Independent of
// the code under test (sources/netlink), so that the tests compare two builders.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include <linux/genetlink.h>
#include <linux/netlink.h>

namespace roce::test {

class NlBuilder {
 public:
  NlBuilder(std::uint16_t type, std::uint16_t flags, std::uint32_t seq = 1, std::uint32_t pid = 0) {
    nlmsghdr h{};
    h.nlmsg_type = type;
    h.nlmsg_flags = flags;
    h.nlmsg_seq = seq;
    h.nlmsg_pid = pid;
    append(&h, sizeof h);
  }

  /// The family header (ifinfomsg, tcmsg, dcbmsg, ...).
  template <class T>
  NlBuilder& header(const T& family) {
    append(&family, sizeof family);
    pad();
    return *this;
  }
  /// The generic-netlink header: struct genlmsghdr {cmd, version}.
  NlBuilder& genl(std::uint8_t cmd, std::uint8_t version = 1) {
    genlmsghdr g{};
    g.cmd = cmd;
    g.version = version;
    return header(g);
  }
  NlBuilder& put(std::uint16_t type, const void* data, std::size_t len) {
    nlattr a{};
    a.nla_type = type;
    a.nla_len = static_cast<std::uint16_t>(sizeof a + len);
    append(&a, sizeof a);
    append(data, len);
    last_attr_end_ = bytes_.size();
    pad();
    return *this;
  }
  template <class T>
  NlBuilder& put_struct(std::uint16_t type, const T& v) {
    return put(type, &v, sizeof v);
  }
  NlBuilder& put_u8(std::uint16_t type, std::uint8_t v) { return put(type, &v, 1); }
  NlBuilder& put_u16(std::uint16_t type, std::uint16_t v) { return put(type, &v, 2); }
  NlBuilder& put_u32(std::uint16_t type, std::uint32_t v) { return put(type, &v, 4); }
  NlBuilder& put_u64(std::uint16_t type, std::uint64_t v) { return put(type, &v, 8); }
  NlBuilder& put_string(std::uint16_t type, const std::string& s) { return put(type, s.c_str(), s.size() + 1); }
  /// nla_nest_start() sets NLA_F_NESTED; nla_nest_start_noflag() (older families) does not.
  NlBuilder& begin_nest(std::uint16_t type, bool nested_flag) {
    nests_.push_back(bytes_.size());
    nlattr a{};
    a.nla_type = static_cast<std::uint16_t>(type | (nested_flag ? NLA_F_NESTED : 0));
    append(&a, sizeof a);
    return *this;
  }
  NlBuilder& end_nest() {
    const std::size_t at = nests_.back();
    nests_.pop_back();
    const auto len = static_cast<std::uint16_t>(bytes_.size() - at);
    std::memcpy(bytes_.data() + at, &len, sizeof len);
    return *this;
  }
  /// Raw bytes, padded: payloads that are a struct followed by attributes (mqprio), the errno and
  /// the echoed request of an NLMSG_ERROR.
  NlBuilder& raw(const void* data, std::size_t len) {
    append(data, len);
    pad();
    return *this;
  }

  std::vector<std::uint8_t> finish() {
    const auto len = static_cast<std::uint32_t>(bytes_.size());
    std::memcpy(bytes_.data(), &len, sizeof len);
    return bytes_;
  }
  /// Where the last attribute's data ended: cutting only the padding after it changes nothing.
  std::size_t last_attr_end() const { return last_attr_end_; }
  std::size_t size() const { return bytes_.size(); }

 private:
  void append(const void* p, std::size_t n) {
    if (!n) return;
    const auto* b = static_cast<const std::uint8_t*>(p);
    bytes_.insert(bytes_.end(), b, b + n);
  }
  void pad() { bytes_.resize((bytes_.size() + 3) & ~std::size_t{3}, 0); }

  std::vector<std::uint8_t> bytes_;
  std::vector<std::size_t> nests_;
  std::size_t last_attr_end_ = 0;
};

/// The first n bytes of a message with nlmsg_len patched to n, so the damage lands inside the
/// attributes rather than in the header check.
inline std::vector<std::uint8_t> truncated_message(const std::vector<std::uint8_t>& msg, std::size_t n) {
  std::vector<std::uint8_t> out(msg.begin(), msg.begin() + static_cast<std::ptrdiff_t>(n));
  if (n >= sizeof(nlmsghdr)) {
    const auto len = static_cast<std::uint32_t>(n);
    std::memcpy(out.data(), &len, sizeof len);
  }
  return out;
}

/// A view's bytes as a vector: a request's bytes, compared with a message built here.
inline std::vector<std::uint8_t> to_vector(std::span<const std::uint8_t> bytes) { return {bytes.begin(), bytes.end()}; }

/// Hidden test cases tagged [.seeds] write the fixture messages as libFuzzer seeds into
/// $ROCE_FUZZ_SEED_DIR/<target>/ (run: ROCE_FUZZ_SEED_DIR=dir test_rtnl "[.seeds]").
inline void write_seed(const std::string& target, const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const char* dir = std::getenv("ROCE_FUZZ_SEED_DIR");
  if (!dir) return;
  const std::string sub = std::string(dir) + "/" + target;
  std::filesystem::create_directories(sub);
  std::ofstream(sub + "/" + name, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace roce::test
