import BookSearch
import Foundation

/// `ItemSearch` answers in Aladin's shape (`output=js`, `Version=20131101`: every top-level and item field, Aladin's
/// escaping of `/` and `&amp;`), for the local server to serve. The shape follows Aladin's documented answer; the
/// values are placeholders (item ids, prices, sales points), except the real books' bibliographic data.
enum AladinFixtures {
    /// One item as Aladin lists it.
    struct Item {
        var title: String
        var author: String
        var publisher: String
        var pubDate: String
        var isbn13: String
        var itemId: Int
        var priceStandard: Int

        /// The ISBN-10 of a 978 ISBN (Aladin's `isbn`); empty for 979 ISBNs, which have none.
        var isbn10: String {
            guard isbn13.hasPrefix("978") else { return "" }
            let digits = isbn13.dropFirst(3).dropLast().compactMap(\.wholeNumberValue)
            let sum = digits.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
            let check = (11 - sum % 11) % 11
            return digits.map(String.init).joined() + (check == 10 ? "X" : String(check))
        }

        var json: String {
            """
            {"title":"\(title)","link":"http:\\/\\/www.aladin.co.kr\\/shop\\/wproduct.aspx?ItemId=\(itemId)&amp;\
            partner=openAPI&amp;start=api","author":"\(author)","pubDate":"\(pubDate)","description":"",\
            "isbn":"\(isbn10)","isbn13":"\(isbn13)","itemId":\(itemId),"priceSales":\(priceStandard * 9 / 10),\
            "priceStandard":\(priceStandard),"mallType":"BOOK","stockStatus":"","mileage":\(priceStandard / 20),\
            "cover":"https:\\/\\/image.aladin.co.kr\\/product\\/\(itemId / 10_000)\\/\(itemId % 100)\\/coversum\\/\
            \(isbn10)_1.jpg","categoryId":50993,"categoryName":"국내도서>소설\\/시\\/희곡>한국소설>2000년대 한국소설",\
            "publisher":"\(publisher)","salesPoint":12345,"adult":false,"fixedPrice":true,"customerReviewRank":9,\
            "subInfo":{}}
            """
        }
    }

    /// A whole search answer.
    static func page(
        query: String = "한강", total: Int, start: Int, itemsPerPage: Int = 10, items: [Item]
    ) -> String {
        """
        {"version":"20131101","logo":"http:\\/\\/image.aladin.co.kr\\/img\\/header\\/2011\\/aladin_logo_new.gif",\
        "title":"알라딘 검색결과 - \(query)","link":"http:\\/\\/www.aladin.co.kr\\/search\\/wsearchresult.aspx?\
        SearchTarget=book&amp;KeyWord=\(query)&amp;KeyRecentPublish=0&amp;OutStock=0&amp;ViewType=Detail&amp;\
        SortOrder=11&amp;CustReviewCount=0&amp;CustReviewRank=0&amp;KeyFullWord=\(query)&amp;KeyLastWord=\(query)\
        &amp;CategorySearch=&amp;chkKeyTitle=&amp;chkKeyAuthor=&amp;chkKeyPublisher=&amp;chkKeyISBN=&amp;\
        chkKeyTag=&amp;chkKeyTOC=&amp;chkKeySubject=&amp;ViewRowCount=\(itemsPerPage)&amp;SuggestKeyWord=&amp;\
        partner=openAPI","pubDate":"Mon, 20 May 2024 08:31:22 GMT","imageUrl":"http:\\/\\/www.aladin.co.kr\\/ucl_\
        editor\\/img_secur\\/header\\/2010\\/logo.jpg","totalResults":\(total),"startIndex":\(start),\
        "itemsPerPage":\(itemsPerPage),"query":"\(query)","searchCategoryId":0,"searchCategoryName":"국내도서",\
        "item":[\(items.map { $0.json }.joined(separator: ","))]}
        """
    }

    /// Items with made-up ids and prices but a shape Aladin would send (ISBNs with valid check digits).
    static func items(_ count: Int, startingAt first: Int = 1) -> [Item] {
        (first..<(first + count)).map { number in
            Item(
                title: "테스트 도서 \(number)", author: "저자 \(number) (지은이)", publisher: "테스트출판",
                pubDate: "2020-01-\(String(format: "%02d", number % 28 + 1))", isbn13: isbn13(number),
                itemId: 100_000 + number, priceStandard: 10_000 + number * 100)
        }
    }

    /// Two real books (title, author, publisher, date, ISBN-13) for the first page of a search for 한강; their
    /// item ids and prices are placeholders.
    static let hanKang: [Item] = [
        Item(
            title: "채식주의자", author: "한강 (지은이)", publisher: "창비", pubDate: "2007-10-30",
            isbn13: "9788936433598", itemId: 1_197_296, priceStandard: 15_000),
        Item(
            title: "소년이 온다", author: "한강 (지은이)", publisher: "창비", pubDate: "2014-05-19",
            isbn13: "9788936434120", itemId: 40_869_703, priceStandard: 15_000),
    ]

    /// Aladin's error body for a rejected key.
    static let invalidKeyError = #"{"errorCode":8,"errorMessage":"잘못된 TTBKey 입니다."}"#

    /// Aladin's error body for another failure.
    static let otherError = #"{"errorCode":1,"errorMessage":"Query 값이 너무 깁니다."}"#

    /// `979-11-999` ISBNs numbered by `number`, with the check digit computed.
    static func isbn13(_ number: Int) -> String {
        let stem = "979119990" + String(format: "%03d", number % 1000)
        let digits = stem.compactMap(\.wholeNumberValue)
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return stem + String((10 - sum % 10) % 10)
    }
}
