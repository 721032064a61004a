#include "sources/writer/sysfs_knobs.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/dcb.hpp"
#include "sources/sysfs/sysfs_decode.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::writer {

namespace {

constexpr const char* kVendorHint =
    "the vendor sysfs of MLNX_OFED mlx5 is not present on this host; upstream kernels do not have it";

Outcome sys_fail(const std::string& what, int err, std::string hint = {}) {
  return fail(what + ": " + std::strerror(err), std::move(hint), err);
}

// The file exists, carries a write permission bit (kernfs refuses to open a file without one even
// for root) and this process may write it.
Outcome file_writable(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return sys_fail(path, errno, errno == ENOENT ? kVendorHint : "");
  if (!(st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH))) return sys_fail(path + " is read-only", EACCES);
  if (::access(path.c_str(), W_OK) != 0) return sys_fail(path, errno, "sysfs writes need root");
  return done();
}

Outcome write_text(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return sys_fail("open " + path + " for writing", errno);
  const ssize_t n = ::write(fd, text.data(), text.size());
  const int err = errno;
  ::close(fd);
  if (n < 0) return sys_fail("write \"" + text.substr(0, text.size() - 1) + "\" to " + path, err);
  if (static_cast<std::size_t>(n) != text.size())
    return fail(
        "write to " + path + ": short write (" + std::to_string(n) + " of " + std::to_string(text.size()) + " bytes)",
        {}, EIO);
  return done();
}

Expected<bool> read_flag(const std::string& path) {
  auto text = sysfs::read_attribute(path);
  if (!text) return fail(std::move(text.error()));
  auto v = sysfs::decode_enable_flag(*text);
  if (!v) return fail(std::move(v.error()).context(path));
  return *v;
}

Outcome check_prio(std::uint32_t prio) {
  if (prio < static_cast<std::uint32_t>(model::kPriorities)) return done();
  return fail("priority " + std::to_string(prio) + " is out of range 0..7", {}, EINVAL);
}

}  // namespace

std::string SysfsKnobs::trust_path(const std::string& netdev) const {
  return sysfs::join_path(root_, "class/net/" + netdev + "/qos/trust");
}

std::string SysfsKnobs::ecn_path(const std::string& netdev, const char* point, std::uint32_t prio) const {
  return sysfs::join_path(root_, "class/net/" + netdev + "/ecn/" + point + "/enable/" + std::to_string(prio));
}

Outcome SysfsKnobs::device_exists(const std::string& netdev) const {
  const std::string dir = sysfs::join_path(root_, "class/net/" + netdev);
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0) return done();
  const int err = errno;
  return fail("device " + netdev + " does not exist (" + dir + ": " + std::strerror(err) + ")", {},
              err == ENOENT ? ENODEV : err);
}

Expected<std::string> SysfsKnobs::read_trust(const std::string& netdev) const {
  const std::string path = trust_path(netdev);
  auto text = sysfs::read_attribute(path);
  if (!text) return fail(std::move(text.error()));
  auto v = sysfs::decode_trust(*text);
  if (!v) return fail(std::move(v.error()).context(path));
  return *v;
}

Outcome SysfsKnobs::write_trust(const std::string& netdev, const std::string& trust) const {
  if (trust != "pcp" && trust != "dscp")
    return fail("trust \"" + trust + "\" is neither \"pcp\" nor \"dscp\"", {}, EINVAL);
  return write_text(trust_path(netdev), trust + "\n");
}

Expected<system::EcnEnable> SysfsKnobs::read_ecn(const std::string& netdev, std::uint32_t prio) const {
  if (auto ok = check_prio(prio); !ok) return fail(std::move(ok.error()));
  auto np = read_flag(ecn_path(netdev, "roce_np", prio));
  if (!np) return fail(std::move(np.error()));
  auto rp = read_flag(ecn_path(netdev, "roce_rp", prio));
  if (!rp) return fail(std::move(rp.error()));
  return system::EcnEnable{*np, *rp};
}

Outcome SysfsKnobs::write_ecn(const std::string& netdev, std::uint32_t prio, const system::EcnEnable& ecn) const {
  if (auto ok = check_prio(prio); !ok) return ok;
  if (auto r = write_text(ecn_path(netdev, "roce_np", prio), ecn.np ? "1\n" : "0\n"); !r) return r;
  return write_text(ecn_path(netdev, "roce_rp", prio), ecn.rp ? "1\n" : "0\n");
}

Outcome SysfsKnobs::writable_trust(const std::string& netdev) const {
  if (auto r = device_exists(netdev); !r) return r;
  return file_writable(trust_path(netdev));
}

Outcome SysfsKnobs::writable_ecn(const std::string& netdev, std::uint32_t prio) const {
  if (auto r = check_prio(prio); !r) return r;
  if (auto r = device_exists(netdev); !r) return r;
  if (auto r = file_writable(ecn_path(netdev, "roce_np", prio)); !r) return r;
  return file_writable(ecn_path(netdev, "roce_rp", prio));
}

}  // namespace roce::sources::writer
