#include "tune/change.hpp"

#include <cstdio>

namespace roce::tune {

const char* to_string(Knob knob) {
  switch (knob) {
    case Knob::mtu: return "mtu";
    case Knob::trust: return "qos trust";
    case Knob::dcb_apptrust: return "dcb apptrust";
    case Knob::dcb_app: return "dcb app";
    case Knob::dcb_pfc: return "dcb pfc";
    case Knob::dcb_ets: return "dcb ets";
    case Knob::dcb_buffer: return "dcb buffer";
    case Knob::nic_ecn: return "ecn";
    case Knob::red: return "red";
  }
  return "?";
}

std::string to_string(const ObjectRef& object) {
  std::string s = object.netdev + " " + to_string(object.knob);
  if (object.knob == Knob::nic_ecn) s += " prio " + std::to_string(object.index);
  if (object.knob == Knob::red) {
    char buf[32];
    if (object.index == 0xffffffffu) std::snprintf(buf, sizeof buf, " root");
    else std::snprintf(buf, sizeof buf, " parent %x:%x", object.index >> 16, object.index & 0xffff);
    s += buf;
  }
  return s;
}

}  // namespace roce::tune
