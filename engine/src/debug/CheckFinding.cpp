#include "clw/engine/debug/CheckFinding.h"

namespace clw::engine {

namespace {

struct KindNames {
    CheckKind kind;
    std::string_view name;
    std::string_view title;
};

constexpr KindNames kKinds[] = {
    {CheckKind::ReadWriteRace, "read-write-race", "data race (read-write)"},
    {CheckKind::WriteWriteRace, "write-write-race", "data race (write-write)"},
    {CheckKind::OutOfBoundsRead, "out-of-bounds-read", "out-of-bounds read"},
    {CheckKind::OutOfBoundsWrite, "out-of-bounds-write", "out-of-bounds write"},
    {CheckKind::UninitializedRead, "uninitialized-read", "uninitialized value read"},
    {CheckKind::BarrierDivergence, "barrier-divergence", "barrier divergence"},
    {CheckKind::InvalidApiUse, "invalid-api-use", "invalid API use"},
};

struct MemoryNames {
    CheckMemory memory;
    std::string_view name;
};

constexpr MemoryNames kMemories[] = {
    {CheckMemory::None, ""},         {CheckMemory::Private, "private"},
    {CheckMemory::Global, "global"}, {CheckMemory::Constant, "constant"},
    {CheckMemory::Local, "local"},
};

std::string plural(std::uint64_t count, std::string_view one, std::string_view many) {
    return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

// "bytes 0..255" for a run without gaps, else "N bytes from 0 to 1020".
std::string byteSpan(const std::vector<std::uint64_t>& offsets) {
    if (offsets.empty())
        return {};
    const std::uint64_t first = offsets.front(), last = offsets.back();
    if (offsets.size() == 1)
        return "byte " + std::to_string(first);
    if (last - first + 1 == offsets.size())
        return "bytes " + std::to_string(first) + ".." + std::to_string(last);
    return plural(offsets.size(), "byte", "bytes") + " from " + std::to_string(first) + " to " +
           std::to_string(last);
}

} // namespace

std::string_view checkKindTitle(CheckKind kind) {
    for (const KindNames& names : kKinds)
        if (names.kind == kind)
            return names.title;
    return "finding";
}

std::string_view checkKindName(CheckKind kind) {
    for (const KindNames& names : kKinds)
        if (names.kind == kind)
            return names.name;
    return "finding";
}

std::optional<CheckKind> checkKindNamed(std::string_view name) {
    for (const KindNames& names : kKinds)
        if (names.name == name)
            return names.kind;
    return std::nullopt;
}

std::string_view checkMemoryName(CheckMemory memory) {
    for (const MemoryNames& names : kMemories)
        if (names.memory == memory)
            return names.name;
    return "";
}

std::optional<CheckMemory> checkMemoryNamed(std::string_view name) {
    for (const MemoryNames& names : kMemories)
        if (names.name == name)
            return names.memory;
    return std::nullopt;
}

std::string describeFinding(const CheckFinding& finding) {
    std::string text(checkKindTitle(finding.kind));
    if (finding.kind == CheckKind::InvalidApiUse) // the driver's error says it all
        return text + ": " + finding.detail;
    if (finding.memory != CheckMemory::None) {
        text += " on __" + std::string(checkMemoryName(finding.memory));
        const std::string& name = !finding.buffer.empty() ? finding.buffer : finding.variable;
        if (!name.empty())
            text += " `" + name + "`";
        else if (finding.argument >= 0)
            text += " argument " + std::to_string(finding.argument);
        else
            text += " memory";
        if (const std::string span = byteSpan(finding.byteOffsets); !span.empty())
            text += " (" + span + ")";
    }
    text += ": " + plural(finding.workItemCount, "work-item", "work-items");
    if (!finding.workGroups.empty())
        text += " in " + plural(finding.workGroups.size(), "group", "groups");
    if (finding.occurrences > finding.workItemCount)
        text += ", " + plural(finding.occurrences, "access", "accesses");
    if (finding.other.line != 0) {
        const bool readWrite = finding.kind == CheckKind::ReadWriteRace;
        text += std::string(readWrite ? ", with the read at line "
                                      : ", with the other write at line ") +
                std::to_string(finding.other.line);
        if (!finding.other.file.empty() && finding.other.file != finding.place.file)
            text += " of " + finding.other.file;
    }
    if (!finding.detail.empty())
        text += "; " + finding.detail;
    return text;
}

} // namespace clw::engine
