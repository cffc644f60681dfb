#include "AccessLedger.h"

namespace clw::oclgrind_check {

namespace {

// Whether nothing orders `a` before `b`: another group, or the same stretch between barriers.
bool unordered(const LedgerAccess& a, const LedgerAccess& b) {
    if (!a.valid() || a.workItem == b.workItem || (a.atomic && b.atomic))
        return false;
    return a.group != b.group || a.epoch == b.epoch;
}

// Whether a barrier of the group lies between `a` and `b`.
bool orderedBefore(const LedgerAccess& a, const LedgerAccess& b) {
    return a.group == b.group && a.epoch != b.epoch;
}

} // namespace

std::optional<LedgerRace> AccessLedger::access(std::uint64_t buffer, std::uint64_t bufferSize,
                                               std::uint64_t offset, std::uint64_t size,
                                               const LedgerAccess& current, bool write) {
    std::vector<ByteState>& bytes = m_buffers[buffer];
    if (bytes.size() < bufferSize)
        bytes.resize(bufferSize);
    std::optional<LedgerRace> race;
    for (std::uint64_t i = offset; i < offset + size && i < bytes.size(); ++i) {
        ByteState& byte = bytes[i];
        if (!race && unordered(byte.write, current))
            race = LedgerRace{write, byte.write};
        if (write) {
            if (!race && unordered(byte.read, current))
                race = LedgerRace{false, byte.read};
            if (!race && unordered(byte.read2, current))
                race = LedgerRace{false, byte.read2};
            byte.write = current;
        } else if (!byte.read.valid() || orderedBefore(byte.read, current)) {
            byte.read = current;
            byte.read2 = {};
        } else if (byte.read.workItem != current.workItem) {
            byte.read2 = current;
        }
    }
    return race;
}

} // namespace clw::oclgrind_check
