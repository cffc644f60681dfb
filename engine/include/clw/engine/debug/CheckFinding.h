#pragma once
// One finding of a check run on Oclgrind (issue: visual kernel debugging): what went wrong,
// where in the source, and every work-item and address involved. Findings of one kind at one
// place are one value, however many work-items hit it. The Oclgrind plugin of the workbench
// (engine/oclgrind-check) records them; CheckFindingsJson carries them to the workbench.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

enum class CheckKind {
    ReadWriteRace,     // one work-item reads what another writes, unordered
    WriteWriteRace,    // two work-items write the same bytes, unordered
    OutOfBoundsRead,   // a load outside every buffer
    OutOfBoundsWrite,  // a store outside every buffer
    UninitializedRead, // a load of bytes nothing has written
    BarrierDivergence, // a work-group's items did not all reach the same barriers
    InvalidApiUse,     // the driver refused a call of the run (its error code in `detail`)
};

enum class CheckMemory { None, Private, Global, Constant, Local };

struct CheckPlace {
    std::string file; // as the debug information names it; the main source is "input.cl"
    unsigned line = 0;
    unsigned column = 0;
    bool operator==(const CheckPlace&) const = default;
    auto operator<=>(const CheckPlace&) const = default;
};

using CheckIds = std::array<std::uint64_t, 3>;

struct CheckFinding {
    // The most work-items, work-groups and offsets a finding lists; `workItemCount` and
    // `occurrences` count past it.
    static constexpr std::size_t kMaxListed = 4096;

    CheckKind kind = CheckKind::ReadWriteRace;
    CheckMemory memory = CheckMemory::None;
    std::string kernel;
    // The kernel argument whose memory it is (-1: none, or a __local variable's, then named in
    // `variable`), and the session buffer bound to it where the workbench knows it.
    int argument = -1;
    std::string variable;
    std::string buffer;
    CheckPlace place;                 // the access that is wrong; of a read-write race, the write
    CheckPlace other;                 // of a race, the other access (the read of a read-write race)
    std::vector<CheckIds> workItems;  // global ids, sorted, each once
    std::vector<CheckIds> workGroups; // group ids, sorted, each once
    std::vector<std::uint64_t> byteOffsets; // into the buffer or variable, sorted, each once
    std::uint64_t workItemCount = 0;        // distinct work-items involved, past kMaxListed too
    std::uint64_t occurrences = 0;          // accesses (or barrier arrivals) found wrong
    std::string detail;                     // e.g. the buffer's size of an out-of-bounds access
};

// "data race (read-write)", "out-of-bounds write", ... as the messages say it.
std::string_view checkKindTitle(CheckKind kind);
// The names the JSON form uses: "read-write-race", "out-of-bounds-write", ...
std::string_view checkKindName(CheckKind kind);
std::optional<CheckKind> checkKindNamed(std::string_view name);
// "global", "local", ... ("" for None).
std::string_view checkMemoryName(CheckMemory memory);
std::optional<CheckMemory> checkMemoryNamed(std::string_view name);

// One line, as a compiler says it: "data race (read-write) on __local `tile` (bytes 0..255):
// 256 work-items in 4 groups, with the read at line 12".
std::string describeFinding(const CheckFinding& finding);

} // namespace clw::engine
