import Connectivity
import Core
import Foundation
import OfflineProducts

// Touches both products, so the linker keeps them: the products screen's copy key and the HTTP client's configuration.
let configuration = HTTPClientConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!)
print(ProductsCopy.productsTitle.qualifiedKey, configuration.baseURL)
