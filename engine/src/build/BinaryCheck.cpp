#include "clw/engine/build/BinaryCheck.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace clw::engine {

namespace {

// PoCL's binary format ("pocl binary", lib/CL/pocl_binary.c), versions 9 (PoCL 3) to 11 (PoCL 4
// to 7), all integers little-endian: a header, then one size-prefixed entry per file of the
// program's cache folder, then one record per kernel that starts with its sizes and its name.
constexpr char kPoclMagic[8] = {'p', 'o', 'c', 'l', 'b', 'i', 'n', '\0'};
constexpr std::uint32_t kPoclFirstVersion = 9;
constexpr std::uint32_t kPoclLastVersion = 11;
constexpr size_t kPoclBuildHashBytes = 41; // a SHA-1 in hex and its NUL
constexpr std::uint64_t kPoclHasProgramScopeVariables = 1u << 1;

class Reader {
public:
    explicit Reader(std::span<const unsigned char> bytes)
        : m_bytes(bytes) {}
    template <typename T>
    bool read(T& value) {
        if (remaining() < sizeof value)
            return false;
        std::memcpy(&value, m_bytes.data() + m_at, sizeof value); // PoCL runs little-endian hosts
        m_at += sizeof value;
        return true;
    }
    bool skip(std::uint64_t bytes) {
        if (remaining() < bytes)
            return false;
        m_at += size_t(bytes);
        return true;
    }
    size_t at() const { return m_at; }
    size_t remaining() const { return m_bytes.size() - m_at; }
    const unsigned char* here() const { return m_bytes.data() + m_at; }

private:
    std::span<const unsigned char> m_bytes;
    size_t m_at = 0;
};

// A file entry is a run of files, each its path and its content (a 32-bit size before each). A
// file that PoCL found but could not read (removed between its stat and its read) comes out empty.
std::string poclFilesIncompleteness(std::span<const unsigned char> entry) {
    Reader reader(entry);
    while (reader.remaining() > 0) {
        std::uint32_t pathBytes = 0, contentBytes = 0;
        if (!reader.read(pathBytes) || pathBytes == 0 || !reader.skip(pathBytes))
            return "has a malformed file name";
        const std::string path(reinterpret_cast<const char*>(reader.here()) - pathBytes, pathBytes);
        if (!reader.read(contentBytes) || !reader.skip(contentBytes))
            return "has a file that runs past the entry's end";
        if (contentBytes == 0)
            return "holds " + path + " empty (it was being rewritten when the driver read it)";
    }
    return {};
}

std::string poclIncompleteness(std::span<const unsigned char> binary,
                               const std::vector<std::string>& kernelNames) {
    Reader reader(binary);
    reader.skip(sizeof kPoclMagic);
    std::uint64_t deviceId = 0, flags = 0;
    std::uint32_t version = 0, kernels = 0, rootEntries = 0;
    if (!reader.read(deviceId) || !reader.read(version) || !reader.read(kernels) ||
        !reader.read(flags) || !reader.read(rootEntries) || !reader.skip(kPoclBuildHashBytes))
        return "a PoCL binary cut short in its header";
    if (version < kPoclFirstVersion || version > kPoclLastVersion)
        return {}; // a format this check does not know: left to the driver
    if (flags & kPoclHasProgramScopeVariables) {
        std::uint64_t variableBytes = 0;
        if (!reader.read(variableBytes))
            return "a PoCL binary cut short in its header";
    }
    for (std::uint32_t i = 0; i < rootEntries; ++i) {
        std::uint64_t bytes = 0;
        if (!reader.read(bytes))
            return "a PoCL binary cut short in its file entries";
        if (bytes == 0)
            return "a PoCL binary whose file entry " + std::to_string(i + 1) +
                   " is empty (its program.bc was missing when the driver wrote it)";
        if (bytes > reader.remaining())
            return "a PoCL binary whose file entry " + std::to_string(i + 1) + " runs past its end";
        if (const std::string why = poclFilesIncompleteness({reader.here(), size_t(bytes)});
            !why.empty())
            return "a PoCL binary whose file entry " + std::to_string(i + 1) + " " + why;
        reader.skip(bytes);
    }
    std::vector<std::string> names;
    for (std::uint32_t i = 0; i < kernels; ++i) {
        const size_t start = reader.at();
        std::uint64_t recordBytes = 0, filesBytes = 0;
        std::uint32_t argumentBytes = 0, nameBytes = 0;
        if (!reader.read(recordBytes) || !reader.read(filesBytes) || !reader.read(argumentBytes) ||
            !reader.read(nameBytes) || nameBytes > reader.remaining())
            return "a PoCL binary cut short in kernel record " + std::to_string(i + 1);
        const size_t fixed = reader.at() - start + nameBytes;
        if (nameBytes == 0 || recordBytes < fixed || filesBytes > recordBytes ||
            recordBytes - (reader.at() - start) > reader.remaining())
            return "a PoCL binary whose kernel record " + std::to_string(i + 1) + " is malformed";
        names.emplace_back(reinterpret_cast<const char*>(reader.here()), nameBytes);
        reader.skip(recordBytes - (reader.at() - start));
    }
    std::vector<std::string> expected = kernelNames;
    std::sort(expected.begin(), expected.end());
    std::sort(names.begin(), names.end());
    if (names != expected)
        return "a PoCL binary with " + std::to_string(names.size()) + " of the program's " +
               std::to_string(expected.size()) + " kernels";
    return {};
}

bool beginsWith(std::span<const unsigned char> binary, std::string_view magic) {
    return binary.size() >= magic.size() &&
           std::memcmp(binary.data(), magic.data(), magic.size()) == 0;
}

// PTX is text: after blank space, a comment ("//" as NVIDIA's compiler writes its header, or
// "/*") or a directive (".version", ".target").
bool beginsAsPtx(std::span<const unsigned char> binary) {
    size_t at = 0;
    while (at < binary.size() &&
           (binary[at] == ' ' || binary[at] == '\t' || binary[at] == '\r' || binary[at] == '\n'))
        ++at;
    const std::span<const unsigned char> rest = binary.subspan(at);
    if (beginsWith(rest, "//") || beginsWith(rest, "/*"))
        return true;
    return rest.size() >= 2 && rest[0] == '.' && std::isalpha(rest[1]);
}

} // namespace

std::string binaryKind(std::span<const unsigned char> binary) {
    using namespace std::string_view_literals;
    if (beginsWith(binary, {kPoclMagic, sizeof kPoclMagic}))
        return "a PoCL binary";
    if (beginsWith(binary, "\x7f"
                           "ELF"sv))
        return "ELF";
    if (beginsWith(binary, "\x50\xed\x55\xba"sv)) // 0xBA55ED50, little-endian
        return "a CUDA fat binary";
    if (beginsWith(binary, "BC\xc0\xde"sv) || beginsWith(binary, "\xde\xc0\x17\x0b"sv))
        return "LLVM bitcode"; // bare, or in the wrapper whose magic is 0x0B17C0DE
    if (beginsWith(binary, "\x03\x02\x23\x07"sv) || beginsWith(binary, "\x07\x23\x02\x03"sv))
        return "SPIR-V";
    if (beginsAsPtx(binary))
        return "PTX";
    return {};
}

std::string binaryIncompleteness(std::span<const unsigned char> binary,
                                 const std::vector<std::string>& kernelNames) {
    if (binary.empty())
        return "an empty binary";
    if (binary.size() >= sizeof kPoclMagic &&
        std::memcmp(binary.data(), kPoclMagic, sizeof kPoclMagic) == 0)
        return poclIncompleteness(binary, kernelNames);
    return {};
}

} // namespace clw::engine
