#include "CaptureSettings.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace clw::capture {

namespace {

std::string variable(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::optional<std::uint64_t> number(const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::strtoull(text.c_str(), nullptr, 10);
}

} // namespace

std::optional<CaptureSettings> CaptureSettings::fromEnvironment() {
    CaptureSettings settings;
    settings.folder = variable("CLW_CAPTURE_DIR");
    if (settings.folder.empty())
        return std::nullopt;
    std::stringstream kernels(variable("CLW_CAPTURE_KERNELS"));
    for (std::string name; std::getline(kernels, name, ',');)
        if (!name.empty())
            settings.kernels.insert(name);
    const std::string launch = variable("CLW_CAPTURE_LAUNCH");
    if (launch.empty() || launch == "none") {
        settings.pick = Pick::None;
    } else if (launch == "first") {
        settings.pick = Pick::First;
    } else if (launch == "last") {
        settings.pick = Pick::Last;
    } else if (launch == "all") {
        settings.pick = Pick::All;
    } else if (const auto dots = launch.find(".."); dots != std::string::npos) {
        const auto from = number(launch.substr(0, dots)), to = number(launch.substr(dots + 2));
        if (from && to && *from >= 1 && *from <= *to) {
            settings.pick = Pick::Range;
            settings.from = *from;
            settings.to = *to;
        } else {
            std::fprintf(stderr,
                         "clworkbench capture layer: CLW_CAPTURE_LAUNCH=%s is no range "
                         "FROM..TO: nothing is captured\n",
                         launch.c_str());
        }
    } else if (const auto one = number(launch); one && *one >= 1) {
        settings.pick = Pick::Range;
        settings.from = settings.to = *one;
    } else {
        std::fprintf(stderr,
                     "clworkbench capture layer: CLW_CAPTURE_LAUNCH=%s is not one of "
                     "none, first, last, all, N, FROM..TO: nothing is captured\n",
                     launch.c_str());
    }
    if (const std::string bytes = variable("CLW_CAPTURE_MAX_BYTES"); !bytes.empty()) {
        if (const auto limit = number(bytes))
            settings.maxBytes = *limit;
        else
            std::fprintf(stderr,
                         "clworkbench capture layer: CLW_CAPTURE_MAX_BYTES=%s is not a "
                         "number of bytes: the limit stays at 1 GiB\n",
                         bytes.c_str());
    }
    return settings;
}

bool CaptureSettings::wantsKernel(const std::string& name) const {
    return kernels.empty() || kernels.count(name) != 0;
}

bool CaptureSettings::captures(std::uint64_t count) const {
    switch (pick) {
    case Pick::None:
        return false;
    case Pick::First:
        return count == 1;
    case Pick::Last:
    case Pick::All:
        return true;
    case Pick::Range:
        return count >= from && count <= to;
    }
    return false;
}

bool CaptureSettings::capturesAfter(std::uint64_t count) const {
    switch (pick) {
    case Pick::None:
        return false;
    case Pick::First:
        return count < 1;
    case Pick::Range:
        return count < to;
    default:
        return true;
    }
}

} // namespace clw::capture
