#include "clw/engine/session/NpyFile.h"

#include "clw/engine/build/CacheFolder.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <string_view>

namespace clw::engine {

// NpyArray's data is little-endian in the host's order; a big-endian host would need swaps on
// every path, and no host the workbench targets is one.
static_assert(std::endian::native == std::endian::little, "NpyFile assumes a little-endian host");

namespace {

constexpr unsigned char kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
constexpr size_t kAlign = 64; // numpy aligns the data to 64 bytes since 1.14

[[noreturn]] void fail(const std::string& why) {
    throw NpyError(why);
}

// One value of the header's dict: a string, True / False, or a tuple of integers.
struct HeaderValue {
    enum class Kind { String, Bool, Tuple } kind = Kind::String;
    std::string text;
    bool flag = false;
    std::vector<size_t> items;
};

// Reads the subset of Python literals a .npy header holds; numpy itself uses ast.literal_eval.
class HeaderParser {
public:
    explicit HeaderParser(std::string_view text)
        : m_text(text) {}

    std::map<std::string, HeaderValue> dict() {
        std::map<std::string, HeaderValue> entries;
        expect('{');
        for (;;) {
            skipSpace();
            if (peek() == '}') {
                ++m_pos;
                break;
            }
            std::string key = string();
            expect(':');
            HeaderValue value = valueFor(key);
            if (!entries.emplace(key, std::move(value)).second)
                fail("malformed header: the key '" + key + "' appears twice");
            skipSpace();
            if (peek() == ',')
                ++m_pos;
            else if (peek() != '}')
                fail("malformed header: expected ',' or '}' at offset " + std::to_string(m_pos));
        }
        skipSpace();
        if (m_pos != m_text.size())
            fail("malformed header: text after the dict");
        return entries;
    }

private:
    char peek() {
        skipSpace();
        return m_pos < m_text.size() ? m_text[m_pos] : '\0';
    }
    void skipSpace() {
        while (m_pos < m_text.size() && std::strchr(" \t\r\n", m_text[m_pos]) && m_text[m_pos])
            ++m_pos;
    }
    void expect(char c) {
        if (peek() != c)
            fail(std::string("malformed header: expected '") + c + "' at offset " +
                 std::to_string(m_pos));
        ++m_pos;
    }
    std::string string() {
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            fail("malformed header: expected a quoted key or string at offset " +
                 std::to_string(m_pos));
        const size_t end = m_text.find(quote, ++m_pos);
        if (end == std::string_view::npos)
            fail("malformed header: unterminated string");
        std::string text(m_text.substr(m_pos, end - m_pos));
        m_pos = end + 1;
        return text;
    }
    HeaderValue valueFor(const std::string& key) {
        HeaderValue value;
        const char c = peek();
        if (c == '\'' || c == '"') {
            value.text = string();
        } else if (c == '(' || c == '[') {
            if (key == "descr")
                fail("unsupported dtype: structured arrays (a list descr) cannot be read; save "
                     "vector data as a 2-D array with a component axis");
            value.kind = HeaderValue::Kind::Tuple;
            value.items = tuple(c == '(' ? ')' : ']');
        } else if (m_text.substr(m_pos, 4) == "True" || m_text.substr(m_pos, 5) == "False") {
            value.kind = HeaderValue::Kind::Bool;
            value.flag = m_text[m_pos] == 'T';
            m_pos += value.flag ? 4 : 5;
        } else {
            fail("malformed header: unexpected value for '" + key + "'");
        }
        return value;
    }
    std::vector<size_t> tuple(char close) {
        ++m_pos;
        std::vector<size_t> items;
        for (;;) {
            if (peek() == close) {
                ++m_pos;
                return items;
            }
            size_t n = 0;
            const size_t start = m_pos;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
                const size_t digit = size_t(m_text[m_pos++] - '0');
                if (n > (std::numeric_limits<size_t>::max() - digit) / 10)
                    fail("malformed header: a shape extent overflows");
                n = n * 10 + digit;
            }
            if (m_pos == start)
                fail("malformed header: the shape holds something other than non-negative "
                     "integers");
            if (m_pos < m_text.size() && (m_text[m_pos] == 'L' || m_text[m_pos] == 'l'))
                ++m_pos; // Python 2 longs: (3L,)
            items.push_back(n);
            if (peek() == ',')
                ++m_pos;
            else if (peek() != close)
                fail("malformed header: expected ',' in the shape");
        }
    }

    std::string_view m_text;
    size_t m_pos = 0;
};

// The element type a descr names, and whether its data is big-endian.
std::pair<NpyType, bool> parseDescr(const std::string& descr) {
    std::string_view rest = descr;
    char order = '=';
    if (!rest.empty() && std::strchr("<>|=", rest[0])) {
        order = rest[0];
        rest.remove_prefix(1);
    }
    static const std::map<std::string_view, NpyType> kKinds{
        {"b1", NpyType::Bool},    {"i1", NpyType::Int8},    {"u1", NpyType::UInt8},
        {"i2", NpyType::Int16},   {"u2", NpyType::UInt16},  {"i4", NpyType::Int32},
        {"u4", NpyType::UInt32},  {"i8", NpyType::Int64},   {"u8", NpyType::UInt64},
        {"f2", NpyType::Float16}, {"f4", NpyType::Float32}, {"f8", NpyType::Float64},
    };
    const auto it = kKinds.find(rest);
    if (it == kKinds.end())
        fail("unsupported dtype '" + descr +
             "': only bool, (u)int8..64 and float16/32/64 arrays can be read");
    return {it->second, order == '>' && npyItemSize(it->second) > 1};
}

size_t readLittle(std::span<const unsigned char> bytes, size_t offset, size_t width) {
    size_t value = 0;
    for (size_t i = 0; i < width; ++i)
        value |= size_t(bytes[offset + i]) << (8 * i);
    return value;
}

std::string shapeText(const std::vector<size_t>& shape) {
    std::string text = "(";
    for (size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

} // namespace

NpyArray NpyFile::parse(std::span<const unsigned char> bytes) {
    if (bytes.size() < 8 || !std::equal(kMagic, kMagic + 6, bytes.begin()))
        fail("not a .npy file (bad magic)");
    const unsigned major = bytes[6];
    if (major < 1 || major > 3)
        fail("unsupported .npy version " + std::to_string(major) + "." + std::to_string(bytes[7]) +
             " (1.0, 2.0 and 3.0 can be read)");
    const size_t lengthBytes = major == 1 ? 2 : 4;
    if (bytes.size() < 8 + lengthBytes)
        fail("truncated header: the file ends before the header length");
    const size_t headerLength = readLittle(bytes, 8, lengthBytes);
    const size_t dataStart = 8 + lengthBytes + headerLength;
    if (bytes.size() < dataStart)
        fail("truncated header: " + std::to_string(headerLength) + " header bytes announced, " +
             std::to_string(bytes.size() - 8 - lengthBytes) + " present");
    const std::string_view header(reinterpret_cast<const char*>(bytes.data()) + 8 + lengthBytes,
                                  headerLength);
    auto entries = HeaderParser(header).dict();
    for (const char* key : {"descr", "fortran_order", "shape"})
        if (!entries.count(key))
            fail(std::string("malformed header: no '") + key + "' key");
    if (entries.size() != 3)
        fail("malformed header: keys other than 'descr', 'fortran_order' and 'shape'");
    const HeaderValue& descr = entries["descr"];
    const HeaderValue& fortran = entries["fortran_order"];
    const HeaderValue& shape = entries["shape"];
    if (descr.kind != HeaderValue::Kind::String || fortran.kind != HeaderValue::Kind::Bool ||
        shape.kind != HeaderValue::Kind::Tuple)
        fail("malformed header: 'descr' must be a string, 'fortran_order' True or False and "
             "'shape' a tuple");
    const auto [type, bigEndian] = parseDescr(descr.text);

    NpyArray array;
    array.type = type;
    array.shape = shape.items;
    const size_t itemSize = npyItemSize(type);
    size_t count = 1;
    for (size_t extent : array.shape) {
        if (extent && count > std::numeric_limits<size_t>::max() / itemSize / extent)
            fail("shape " + shapeText(array.shape) + " is too large");
        count *= extent;
    }
    const size_t dataSize = bytes.size() - dataStart;
    if (dataSize != count * itemSize)
        fail("shape " + shapeText(array.shape) + " x " + std::to_string(itemSize) +
             " bytes needs " + std::to_string(count * itemSize) + " data bytes, the file has " +
             std::to_string(dataSize));
    array.data.assign(bytes.begin() + std::ptrdiff_t(dataStart), bytes.end());
    if (bigEndian)
        for (size_t i = 0; i < array.data.size(); i += itemSize)
            std::reverse(array.data.begin() + std::ptrdiff_t(i),
                         array.data.begin() + std::ptrdiff_t(i + itemSize));
    if (fortran.flag && array.shape.size() > 1)
        array.data = toRowMajor(array.data, array.shape, itemSize);
    return array;
}

std::vector<unsigned char> NpyFile::toRowMajor(const std::vector<unsigned char>& columnMajor,
                                               const std::vector<size_t>& shape, size_t itemSize) {
    // Walks the elements in C order (the last index fastest) and fetches each from its
    // Fortran position, where the first index is fastest.
    std::vector<size_t> strides(shape.size(), itemSize); // Fortran strides, in bytes
    for (size_t axis = 1; axis < shape.size(); ++axis)
        strides[axis] = strides[axis - 1] * shape[axis - 1];
    std::vector<unsigned char> rowMajor(columnMajor.size());
    std::vector<size_t> index(shape.size(), 0);
    for (size_t out = 0; out < rowMajor.size(); out += itemSize) {
        size_t from = 0;
        for (size_t axis = 0; axis < shape.size(); ++axis)
            from += index[axis] * strides[axis];
        std::memcpy(rowMajor.data() + out, columnMajor.data() + from, itemSize);
        for (size_t axis = shape.size(); axis-- > 0;) {
            if (++index[axis] < shape[axis])
                break;
            index[axis] = 0;
        }
    }
    return rowMajor;
}

NpyArray NpyFile::read(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw NpyError("cannot open '" + path.string() + "': " + std::strerror(errno));
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(file)),
                                     std::istreambuf_iterator<char>());
    if (file.bad())
        throw NpyError("cannot read '" + path.string() + "': " + std::strerror(errno));
    try {
        return parse(bytes);
    } catch (const NpyError& error) {
        throw NpyError("'" + path.string() + "': " + error.what()); // name the file
    }
}

std::vector<unsigned char> NpyFile::serialize(const NpyArray& array, int major) {
    if (array.data.size() != array.count() * array.itemSize())
        fail("the array's " + std::to_string(array.data.size()) + " data bytes do not match " +
             "shape " + shapeText(array.shape) + " of " + npyTypeName(array.type));
    if (major < 0 || major > 3)
        fail("cannot write .npy version " + std::to_string(major) + ".0");
    std::string header = std::string("{'descr': '") + npyDescr(array.type) +
                         "', 'fortran_order': False, 'shape': " + shapeText(array.shape) + ", }";
    auto padded = [&](size_t lengthBytes) {
        const size_t unpadded = 8 + lengthBytes + header.size() + 1; // + '\n'
        return header.size() + (kAlign - unpadded % kAlign) % kAlign + 1;
    };
    if (major == 0)
        major = padded(2) <= 0xffff ? 1 : 2;
    const size_t lengthBytes = major == 1 ? 2 : 4;
    const size_t headerLength = padded(lengthBytes);
    if (major == 1 && headerLength > 0xffff)
        fail("the header needs .npy version 2.0: it is too long for 1.0");
    header.resize(headerLength - 1, ' ');
    header += '\n';

    std::vector<unsigned char> bytes(kMagic, kMagic + 6);
    bytes.push_back(static_cast<unsigned char>(major));
    bytes.push_back(0);
    for (size_t i = 0; i < lengthBytes; ++i)
        bytes.push_back(static_cast<unsigned char>(headerLength >> (8 * i)));
    bytes.insert(bytes.end(), header.begin(), header.end());
    bytes.insert(bytes.end(), array.data.begin(), array.data.end());
    return bytes;
}

void NpyFile::write(const std::filesystem::path& path, const NpyArray& array, int major) {
    const std::vector<unsigned char> bytes = serialize(array, major);
    const std::string why = writeFileAtomically(
        path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    if (!why.empty())
        throw NpyError("writing '" + path.string() + "': " + why);
}

} // namespace clw::engine
