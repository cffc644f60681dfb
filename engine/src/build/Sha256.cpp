#include "clw/engine/build/Sha256.h"

#include <openssl/err.h>
#include <openssl/evp.h>

#include <stdexcept>

namespace clw::engine {

namespace {

// Says which OpenSSL call failed and why, and empties OpenSSL's per-thread error queue so that a
// later, unrelated OpenSSL call in this thread does not report this failure as its own.
[[noreturn]] void throwCryptoError(const char* function) {
    std::string message = std::string("SHA-256: OpenSSL's ") + function + " failed";
    const unsigned long first = ERR_get_error();
    if (first != 0) {
        char reason[256];
        ERR_error_string_n(first, reason, sizeof reason);
        message += std::string(": ") + reason;
    }
    ERR_clear_error();
    throw std::runtime_error(message);
}

// Fetched once: given EVP_sha256(), OpenSSL 3 looks the algorithm up in its provider store at
// every EVP_DigestInit_ex, which doubles the time of a short digest such as an include's.
const EVP_MD* sha256Method() {
    static EVP_MD* const method = EVP_MD_fetch(nullptr, "SHA2-256", nullptr);
    if (method == nullptr)
        throwCryptoError("EVP_MD_fetch(SHA2-256)");
    return method;
}

EVP_MD_CTX* newContext() {
    EVP_MD_CTX* context = EVP_MD_CTX_new();
    if (context == nullptr)
        throwCryptoError("EVP_MD_CTX_new");
    return context;
}

} // namespace

void Sha256::prepare() {
    sha256Method();
    // The first digest of a process costs more than a kernel's (OpenSSL sets its context up and
    // its code is paged in): paid here too.
    digest("prepare");
}

void Sha256::ContextFree::operator()(evp_md_ctx_st* context) const {
    EVP_MD_CTX_free(context);
}

Sha256::Sha256()
    : m_context(newContext()) {
    if (EVP_DigestInit_ex(m_context.get(), sha256Method(), nullptr) != 1)
        throwCryptoError("EVP_DigestInit_ex");
}

Sha256::Sha256(const Sha256& other)
    : m_context(newContext()) {
    if (EVP_MD_CTX_copy_ex(m_context.get(), other.m_context.get()) != 1)
        throwCryptoError("EVP_MD_CTX_copy_ex");
}

Sha256& Sha256::operator=(const Sha256& other) {
    if (this != &other && EVP_MD_CTX_copy_ex(m_context.get(), other.m_context.get()) != 1)
        throwCryptoError("EVP_MD_CTX_copy_ex");
    return *this;
}

Sha256::~Sha256() = default;

void Sha256::update(const void* data, std::size_t size) {
    if (EVP_DigestUpdate(m_context.get(), data, size) != 1)
        throwCryptoError("EVP_DigestUpdate");
}

Sha256::Digest Sha256::finish() {
    Digest digest;
    if (EVP_DigestFinal_ex(m_context.get(), digest.data(), nullptr) != 1)
        throwCryptoError("EVP_DigestFinal_ex");
    if (EVP_DigestInit_ex(m_context.get(), sha256Method(), nullptr) != 1)
        throwCryptoError("EVP_DigestInit_ex");
    return digest;
}

std::string Sha256::hex(const Digest& digest) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    text.reserve(digest.size() * 2);
    for (std::uint8_t byte : digest) {
        text.push_back(kDigits[byte >> 4]);
        text.push_back(kDigits[byte & 0xf]);
    }
    return text;
}

Sha256::Digest Sha256::digest(std::string_view text) {
    Sha256 hash;
    hash.update(text);
    return hash.finish();
}

} // namespace clw::engine
