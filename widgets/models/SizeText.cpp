#include "models/SizeText.h"

#include <QObject>
#include <QRegularExpression>
#include <QStringList>

namespace clw::ui {

std::optional<std::vector<std::uint64_t>> parseSizes(const QString& text, QString* error,
                                                     bool allowZero) {
    static const QRegularExpression kSeparators(QStringLiteral("[\\s,xX*]+"));
    const QStringList parts = text.split(kSeparators, Qt::SkipEmptyParts);
    auto fail = [&](const QString& why) -> std::optional<std::vector<std::uint64_t>> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (parts.size() > 3)
        return fail(QObject::tr("'%1' has %2 sizes; an ND-range has 1 to 3 dimensions")
                        .arg(text.trimmed())
                        .arg(parts.size()));
    std::vector<std::uint64_t> sizes;
    for (const QString& part : parts) {
        bool ok = false;
        const qulonglong value = part.toULongLong(&ok);
        if (!ok)
            return fail(QObject::tr("'%1' is not a whole number: write 1 to 3 sizes such as "
                                    "1024 or 64, 64")
                            .arg(part));
        if (value == 0 && !allowZero)
            return fail(QObject::tr("a size of 0 launches nothing: use 1 or more"));
        sizes.push_back(value);
    }
    if (error)
        error->clear();
    return sizes;
}

QString sizesText(const std::vector<std::uint64_t>& sizes) {
    QStringList parts;
    for (std::uint64_t size : sizes)
        parts.append(QString::number(size));
    return parts.join(QStringLiteral(", "));
}

} // namespace clw::ui
