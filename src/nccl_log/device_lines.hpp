#pragma once
// The lines of NCCL's network plugins: the device list of NET/IB, NET/IBext_vN and NET/Socket,
// the 2.27+ per-device and virtual-device lines, and the bootstrap interface. Each reads a
// message (the text after " NCCL INFO ") into its process and says whether it was one of its kind.
#include <string_view>

#include "model/nccl_log.hpp"

namespace roce::nccl_log {

/// "NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB ens16f1:10.153.235.11<0>"
bool read_device_line(std::string_view msg, model::NcclRank& r);

/// NCCL 2.27+, one line per device NCCL opened (net_ib "NET/IB: [%d] %s:%s:%d/%s provider=%s
/// speed=%d context=%p pciPath=%s ar=%d", later with " oooRqSize=%d"); the [N] is the device's place
/// in the verbs device list: "NET/IB: [2] mlx5_2:uverbs2:1/RoCE provider=Mlx5 speed=400000
/// context=0x5563d0080110 pciPath=/sys/devices/pci0000:37/.../0000:3b:00.0 ar=0".
bool read_ib_device_line(std::string_view msg, model::NcclRank& r);

/// NCCL 2.27+: "NET/IB : Made virtual device [2] name=mlx5_2 speed=400000 ndevs=1": the device
/// "via NET/IB/2" names; a merged one is named "mlx5_0+mlx5_1" with ndevs=2.
bool read_virtual_device_line(std::string_view msg, model::NcclRank& r);

/// NET/IB's line for each queue pair it connects (NCCL_DEBUG_SUBSYS=NET): "NET/IB: NCCL Dev 0 IbDev 0
/// Port 1 qpn 1047 mtu 5 query_ece={...} GID 0 (80FE/1A8A41FEFF21A75E) fifoRkey=0x15e6c5 ...": the
/// GID index and path MTU of the process's first connection.
bool read_qp_connect_line(std::string_view msg, model::NcclRank& r);

/// "Bootstrap : Using [0]eno2:192.168.1.105<0>" (old), "Bootstrap: Using ens16f1:10.153.235.11<0>".
bool read_bootstrap_line(std::string_view msg, model::NcclRank& r);

}  // namespace roce::nccl_log
