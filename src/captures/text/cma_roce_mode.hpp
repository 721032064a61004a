#pragma once
// Parser of MLNX_OFED `cma_roce_mode [-d <dev> -p <port>]`: the RoCE version RDMA-CM uses by
// default for the port (configfs rdma_cm/<dev>/ports/<port>/default_roce_mode), one line:
//   RoCE v2            | IB/RoCE v1
// Returns that line, checked to be one of the two. Conventions: parse_result.hpp.
#include <string>
#include <string_view>

#include "captures/text/parse_result.hpp"

namespace roce::captures::text {

Expected<Parsed<std::string>> parse_cma_roce_mode(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
