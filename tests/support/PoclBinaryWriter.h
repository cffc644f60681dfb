#pragma once
// Writes binaries in PoCL's format (lib/CL/pocl_binary.c), as PoCL 3 (version 9) and PoCL 4 to 7
// (version 11) write them, so that tests can hand the engine the exact shape of a binary that
// PoCL gives out incomplete without loading it into PoCL (which aborts the process).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace clw::test {

struct PoclBinaryWriter {
    struct File {
        std::string path;
        std::string content;
    };
    std::uint32_t version = 9;
    bool programScopeVariables = false; // version 11's header field
    // The files of each entry of the program's cache folder; an entry with none is empty.
    std::vector<std::vector<File>> fileEntries = {{{"/program.bc", "BC\xC0\xDE bitcode"}}};
    std::vector<std::string> kernels = {"k"};

    std::vector<unsigned char> write() const {
        std::string out;
        auto put = [&](const void* data, size_t size) {
            out.append(static_cast<const char*>(data), size);
        };
        auto putU32 = [&](std::uint32_t value) { put(&value, sizeof value); };
        auto putU64 = [&](std::uint64_t value) { put(&value, sizeof value); };
        put("poclbin", 8); // with its NUL
        putU64(0x1234);    // device id
        putU32(version);
        putU32(std::uint32_t(kernels.size()));
        putU64(programScopeVariables ? 2u : 0u);
        putU32(std::uint32_t(fileEntries.size()));
        out.resize(out.size() + 41, 'a'); // the build hash
        if (programScopeVariables)
            putU64(0);
        for (const std::vector<File>& files : fileEntries) {
            std::string entry;
            for (const File& file : files)
                for (const std::string* text : {&file.path, &file.content}) {
                    const auto size = std::uint32_t(text->size());
                    entry.append(reinterpret_cast<const char*>(&size), sizeof size);
                    entry += *text;
                }
            putU64(entry.size());
            put(entry.data(), entry.size());
        }
        const std::string argumentInfo(16, 'i');
        for (const std::string& name : kernels) {
            putU64(24 + name.size() + argumentInfo.size()); // the whole record
            putU64(0);                                      // its files: none
            putU32(0);                                      // argument info size
            putU32(std::uint32_t(name.size()));
            put(name.data(), name.size());
            put(argumentInfo.data(), argumentInfo.size());
        }
        return {out.begin(), out.end()};
    }
};

} // namespace clw::test
