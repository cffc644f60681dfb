// main.cpp of a reproducer folder, first half: a JSON reader for launch.json and a .npy reader
// and writer, self-contained so that the program needs nothing but the OpenCL C API.
#include "ReproducerTemplates.h"

namespace clw::engine::reproducer {

std::string mainCppSupport() {
    return R"CLW(// Reproduces one kernel launch exported by CL Workbench (see README.md), with the plain OpenCL C
// API and nothing else: reads launch.json and the .npy files beside it, runs the launch, and
// compares what the kernel wrote with the expected files.
//
// Usage: reproduce [DEVICE]   DEVICE: a substring of the platform or device name; else
// $CLW_DEVICE; else the first device. The files are read from the folder this was configured
// from, or from $CLW_REPRODUCER_DIR. Exit 0: every buffer and image matches; 1: some differ
// (each is named); 2: the launch could not be run.
#define CL_TARGET_OPENCL_VERSION 120
#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef REPRODUCER_DIR
#define REPRODUCER_DIR "."
#endif

namespace {

std::string g_dir;

// Everything that stops the run: printed, exit 2.
struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void check(cl_int code, const std::string& doing) {
    if (code != CL_SUCCESS)
        throw Failure(doing + " failed with OpenCL error " + std::to_string(code));
}

std::string readFile(const std::string& name) {
    std::ifstream file(g_dir + "/" + name, std::ios::binary);
    if (!file)
        throw Failure("cannot read " + name);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

// ---- A JSON reader for launch.json: objects, arrays, strings, numbers, true/false/null. ----

struct Json {
    enum Type { Null, Bool, Number, String, Array, Object } type = Null;
    bool flag = false;
    std::string text; // a string's value, or a number as written
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> members;

    const Json& operator[](const std::string& key) const {
        static const Json null;
        for (const auto& member : members)
            if (member.first == key)
                return member.second;
        return null;
    }
    bool has(const std::string& key) const { return (*this)[key].type != Null; }
    double number() const { return std::strtod(text.c_str(), nullptr); }
    unsigned long long count() const { return std::strtoull(text.c_str(), nullptr, 10); }
};

class JsonParser {
public:
    explicit JsonParser(const std::string& text) : m_text(text) {}
    Json document() {
        Json value = parse();
        space();
        if (m_pos != m_text.size())
            error("text after the document");
        return value;
    }

private:
    [[noreturn]] void error(const std::string& what) {
        throw Failure("launch.json: " + what + " at offset " + std::to_string(m_pos));
    }
    void space() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool take(char c) {
        space();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    Json parse() {
        space();
        if (m_pos >= m_text.size())
            error("unexpected end");
        Json value;
        const char c = m_text[m_pos];
        if (take('{')) {
            value.type = Json::Object;
            if (take('}'))
                return value;
            do {
                space();
                std::string key = string();
                if (!take(':'))
                    error("expected ':'");
                value.members.emplace_back(key, parse());
            } while (take(','));
            if (!take('}'))
                error("expected '}'");
        } else if (take('[')) {
            value.type = Json::Array;
            if (take(']'))
                return value;
            do
                value.items.push_back(parse());
            while (take(','));
            if (!take(']'))
                error("expected ']'");
        } else if (c == '"') {
            value.type = Json::String;
            value.text = string();
        } else if (m_text.compare(m_pos, 4, "true") == 0 || m_text.compare(m_pos, 5, "false") == 0) {
            value.type = Json::Bool;
            value.flag = c == 't';
            m_pos += value.flag ? 4 : 5;
        } else if (m_text.compare(m_pos, 4, "null") == 0) {
            m_pos += 4;
        } else {
            const size_t start = m_pos;
            while (m_pos < m_text.size() && std::strchr("+-0123456789.eE", m_text[m_pos]))
                ++m_pos;
            if (m_pos == start)
                error("unexpected character");
            value.type = Json::Number;
            value.text = m_text.substr(start, m_pos - start);
        }
        return value;
    }
    std::string string() {
        if (m_pos >= m_text.size() || m_text[m_pos] != '"')
            error("expected a string");
        std::string out;
        for (++m_pos; m_pos < m_text.size() && m_text[m_pos] != '"'; ++m_pos) {
            if (m_text[m_pos] != '\\') {
                out += m_text[m_pos];
                continue;
            }
            const char e = m_text[++m_pos];
            if (e == 'u') { // \uXXXX: launch.json only escapes control characters this way
                out += char(std::strtol(m_text.substr(m_pos + 1, 4).c_str(), nullptr, 16));
                m_pos += 4;
            } else {
                const char* from = "\"\\/bfnrt";
                const char* to = "\"\\/\b\f\n\r\t";
                const char* at = std::strchr(from, e);
                if (!at || !e)
                    error("bad escape");
                out += to[at - from];
            }
        }
        if (m_pos >= m_text.size())
            error("unterminated string");
        ++m_pos;
        return out;
    }

    const std::string& m_text;
    size_t m_pos = 0;
};

// ---- .npy files: little- and big-endian bool, (u)int8..64, float16/32/64, C order. ----

struct Npy {
    char kind = 'u'; // 'b', 'i', 'u', 'f'
    size_t itemSize = 1;
    std::vector<size_t> shape;
    std::vector<unsigned char> data;

    size_t count() const {
        size_t n = 1;
        for (size_t extent : shape)
            n *= extent;
        return n;
    }
    std::string descr() const {
        return std::string(itemSize == 1 ? "|" : "<") + kind + std::to_string(itemSize);
    }
};

std::string headerValue(const std::string& header, const std::string& key) {
    const size_t at = header.find("'" + key + "'");
    if (at == std::string::npos)
        throw Failure("no '" + key + "' in the header");
    size_t start = header.find(':', at) + 1;
    while (start < header.size() && header[start] == ' ')
        ++start;
    const char open = header[start];
    const char close = open == '(' ? ')' : open == '\'' ? '\'' : ',';
    const size_t end = header.find(close, start + 1);
    if (end == std::string::npos)
        throw Failure("malformed header");
    return header.substr(start, end - start + (open == '(' || open == '\'' ? 1 : 0));
}

Npy readNpy(const std::string& name) {
    try {
        const std::string bytes = readFile(name);
        if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
            throw Failure("not a .npy file");
        const int major = bytes[6];
        const size_t lengthBytes = major == 1 ? 2 : 4;
        size_t headerLength = 0;
        for (size_t i = 0; i < lengthBytes && 8 + i < bytes.size(); ++i)
            headerLength |= size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        const size_t dataStart = 8 + lengthBytes + headerLength;
        if (major < 1 || major > 3 || bytes.size() < dataStart)
            throw Failure("unsupported version or truncated header");
        const std::string header = bytes.substr(8 + lengthBytes, headerLength);
        const std::string descr = headerValue(header, "descr");
        if (headerValue(header, "fortran_order").find("True") != std::string::npos)
            throw Failure("fortran_order True is not supported");
        Npy npy;
        if (descr.size() != 5 || !std::strchr("biuf", descr[2]))
            throw Failure("unsupported dtype " + descr);
        npy.kind = descr[2];
        npy.itemSize = size_t(descr[3] - '0');
        const std::string shape = headerValue(header, "shape");
        for (size_t i = 1; i < shape.size(); ++i)
            if (std::isdigit(static_cast<unsigned char>(shape[i])) &&
                !std::isdigit(static_cast<unsigned char>(shape[i - 1])))
                npy.shape.push_back(std::strtoull(shape.c_str() + i, nullptr, 10));
        npy.data.assign(bytes.begin() + std::ptrdiff_t(dataStart), bytes.end());
        if (npy.data.size() != npy.count() * npy.itemSize)
            throw Failure("the data does not match the shape " + shape);
        if (descr[1] == '>' && npy.itemSize > 1)
            for (size_t i = 0; i < npy.data.size(); i += npy.itemSize)
                std::reverse(npy.data.begin() + std::ptrdiff_t(i),
                             npy.data.begin() + std::ptrdiff_t(i + npy.itemSize));
        return npy;
    } catch (const Failure& failure) {
        throw Failure("cannot read " + name + ": " + failure.what());
    }
}

void writeNpy(const std::string& name, const Npy& npy) {
    std::string shape = "(";
    for (size_t i = 0; i < npy.shape.size(); ++i)
        shape += (i ? ", " : "") + std::to_string(npy.shape[i]);
    shape += npy.shape.size() == 1 ? ",)" : ")";
    std::string header =
        "{'descr': '" + npy.descr() + "', 'fortran_order': False, 'shape': " + shape + ", }";
    header.resize(((header.size() + 11 + 63) / 64) * 64 - 11, ' ');
    header += '\n';
    std::ofstream file(g_dir + "/" + name, std::ios::binary);
    file.write("\x93NUMPY\x01\x00", 8);
    const char length[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
    file.write(length, 2);
    file << header;
    file.write(reinterpret_cast<const char*>(npy.data.data()), std::streamsize(npy.data.size()));
}

)CLW";
}

} // namespace clw::engine::reproducer
