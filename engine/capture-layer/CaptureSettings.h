#pragma once
// What `clworkbench capture` asked the layer for, read once from the environment it set:
//   CLW_CAPTURE_DIR        the folder the journal goes to (the layer passes every call on
//                          untouched without it)
//   CLW_CAPTURE_KERNELS    kernel names, comma-separated; empty: every kernel
//   CLW_CAPTURE_LAUNCH     none (trace only), first, last, all, N, or FROM..TO (1-based, counted
//                          over the launches of the kernels asked for)
//   CLW_CAPTURE_MAX_BYTES  the most bytes of buffers one launch may read (before and after)
#include <cstdint>
#include <optional>
#include <set>
#include <string>

namespace clw::capture {

struct CaptureSettings {
    enum class Pick { None, First, Last, All, Range };
    std::string folder;
    std::set<std::string> kernels;
    Pick pick = Pick::None;
    std::uint64_t from = 0, to = 0; // Pick::Range (N is N..N)
    std::uint64_t maxBytes = std::uint64_t(1) << 30;

    // Nothing when the folder is not given; a problem with a variable is written to standard
    // error and that variable left at its default.
    static std::optional<CaptureSettings> fromEnvironment();
    bool wantsKernel(const std::string& name) const;
    // Whether the `count`th launch (1-based) of the kernels asked for is captured.
    bool captures(std::uint64_t count) const;
    // Whether launches after the `count`th can still be captured (a range that ended cannot).
    bool capturesAfter(std::uint64_t count) const;
};

} // namespace clw::capture
